// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
// Results stores that are valid HDF5 but not of the store's schema (core/store/store.h): a valid store
// (a run with checkpoints, layers, a config with results and profiles, a fit) is changed through the
// HDF5 API as the input says — a dataset replaced by one of another rank, shape, type or a huge sparse
// extent, an attribute by one of several elements or another type, an object removed — then opened
// read-only and read whole. HDF5 itself only ever sees well-formed files here, so unlike fuzz_store
// (raw bytes, which mostly crash inside libhdf5) this reaches the store's own reading code.

#include "core/common/files.h"
#include "core/store/store.h"
#include "fuzz/storereader.h"

#include <H5Cpp.h>

#include <algorithm>
#include <vector>

namespace {

const char* const datasets[] = {
    "/runs/r/log/step",
    "/runs/r/log/lr",
    "/runs/r/val/step",
    "/runs/r/checkpoints/step",
    "/runs/r/checkpoints/tokens",
    "/runs/r/checkpoints/fp_val_ce",
    "/runs/r/checkpoints/path",
    "/runs/r/checkpoints/kind",
    "/runs/r/checkpoints/provenance",
    "/runs/r/layers/name",
    "/runs/r/layers/block",
    "/runs/r/layers/kind",
    "/runs/r/layers/rows",
    "/runs/r/layers/cols",
    "/runs/r/configs/fp/model/done",
    "/runs/r/configs/fp/model/ce",
    "/runs/r/configs/fp/layers/w_rel_err",
    "/runs/r/configs/fp/profiles/act_channel_absmax",
};

struct Attr
{
    const char* object;
    const char* name;
};
const Attr attributes[] = {
    {"/", "format"},
    {"/", "schema_version"},
    {"/runs/r", "model_config"},
    {"/runs/r", "corpus"},
    {"/runs/r", "parent"},
    {"/runs/r", "parent_step"},
    {"/runs/r", "source"},
    {"/runs/r/configs/fp", "config"},
    {"/fits/chinchilla", "law"},
};

// The bytes of the input, one at a time (0 past the end).
class Reader
{
public:
    Reader(const uint8_t* data, size_t size)
        : m_data(data)
        , m_size(size)
    {
    }
    bool done() const { return m_pos >= m_size; }
    uint8_t byte() { return m_pos < m_size ? m_data[m_pos++] : 0; }
    // A size: mostly small, sometimes at the edges (0, 2^32, 2^40).
    hsize_t extent()
    {
        const uint8_t b = byte();
        if (b < 200)
            return b % 9;
        static const hsize_t large[] = {64, 65, 4096, hsize_t(1) << 20, hsize_t(1) << 32, hsize_t(1) << 40};
        return large[b % std::size(large)];
    }

private:
    const uint8_t* m_data;
    size_t m_size;
    size_t m_pos = 0;
};

H5::DataType typeOf(uint8_t which)
{
    switch (which % 7) {
    case 0:
        return H5::PredType::IEEE_F64LE;
    case 1:
        return H5::PredType::STD_I64LE;
    case 2:
        return H5::PredType::STD_U8LE;
    case 3:
        return H5::PredType::STD_I32BE;
    case 4:
        return H5::PredType::IEEE_F32LE;
    case 5:
        return H5::StrType(H5::PredType::C_S1, H5T_VARIABLE);
    default:
        return H5::StrType(H5::PredType::C_S1, 3);
    }
}

// Replaces the dataset at `path` by a chunked one of the input's rank (0-3), dims, type and extent.
// Only the first few elements are written, so a huge extent stays sparse (and the file small).
void replaceDataset(H5::H5File& file, const std::string& path, Reader& in)
{
    const auto slash = path.rfind('/');
    const H5::Group parent = file.openGroup(path.substr(0, slash));
    const std::string name = path.substr(slash + 1);
    if (H5Lexists(parent.getId(), name.c_str(), H5P_DEFAULT) > 0)
        parent.unlink(name);
    const uint8_t op = in.byte();
    if (op % 8 == 0)
        return; // removed
    const int rank = op % 4;
    const H5::DataType type = typeOf(in.byte());
    hsize_t dims[3] = {1, 1, 1}, maxDims[3], chunks[3];
    // Only the first dimension may be huge: HDF5 1.10 itself crashes writing to a dataset whose chunk
    // coordinates overflow (several dimensions of 2^40), which is none of the store's business.
    for (int i = 0; i < rank; ++i) {
        dims[i] = i == 0 ? in.extent() : in.extent() % 9;
        maxDims[i] = H5S_UNLIMITED;
        chunks[i] = std::max<hsize_t>(1, std::min<hsize_t>(dims[i], 16));
    }
    if (rank == 0) {
        parent.createDataSet(name, type, H5::DataSpace(H5S_SCALAR));
        return;
    }
    H5::DSetCreatPropList plist;
    plist.setChunk(rank, chunks);
    const H5::DataSet ds = parent.createDataSet(name, type, H5::DataSpace(rank, dims, maxDims), plist);
    if (type.getClass() == H5T_STRING)
        return;
    // A few values at the start, so that a read finds numbers where there are any.
    hsize_t count[3] = {1, 1, 1}, start[3] = {0, 0, 0};
    hsize_t n = 1;
    for (int i = 0; i < rank; ++i) {
        count[i] = std::min<hsize_t>(dims[i], 4);
        n *= count[i];
    }
    if (n == 0)
        return;
    std::vector<double> values(n);
    for (double& v : values)
        v = double(int8_t(in.byte()));
    H5::DataSpace fileSpace = ds.getSpace();
    fileSpace.selectHyperslab(H5S_SELECT_SET, count, start);
    ds.write(values.data(), H5::PredType::NATIVE_DOUBLE, H5::DataSpace(rank, count), fileSpace);
}

// Replaces an attribute by one of the input's type and element count (1, 2 or 5; 0 removes it).
void replaceAttribute(H5::H5File& file, const Attr& attr, Reader& in)
{
    if (H5Lexists(file.getId(), attr.object, H5P_DEFAULT) <= 0 && std::string(attr.object) != "/")
        return;
    H5::Group object = file.openGroup(attr.object);
    if (object.attrExists(attr.name))
        object.removeAttr(attr.name);
    const uint8_t op = in.byte();
    static const hsize_t counts[] = {0, 1, 2, 5};
    const hsize_t n = counts[op % 4];
    if (n == 0)
        return;
    const H5::DataType type = typeOf(in.byte());
    const H5::DataSpace space = (op & 4) ? H5::DataSpace(H5S_SCALAR) : H5::DataSpace(1, &n);
    const H5::Attribute a = object.createAttribute(attr.name, type, space);
    const hsize_t elements = (op & 4) ? 1 : n;
    if (type.getClass() == H5T_STRING && H5Tis_variable_str(type.getId()) > 0) {
        std::vector<const char*> strings(elements, "quantscope-store");
        a.write(type, strings.data());
    } else if (type.getClass() == H5T_STRING) {
        std::vector<char> bytes(elements * 3, 'x');
        a.write(type, bytes.data());
    } else {
        std::vector<double> values(elements, 1.0);
        a.write(H5::PredType::NATIVE_DOUBLE, values.data());
    }
}

const std::string& seed()
{
    static const std::string bytes = [] {
        // A small store of every part, written by the store's own code.
        const auto path = qs::fuzz::scratchDir() / "seed.h5";
        qs::Store s = qs::Store::create(path.string());
        qs::RunInfo info;
        info.name = "r";
        info.modelConfigJson = "{}";
        info.trainConfigJson = "{}";
        info.parent = "p";
        info.parentStep = 2;
        info.source = R"({"kind": "huggingface"})";
        s.createRun(info, {{"l0.q", 0, "q", 2, 3}, {"l0.down", 0, "down", 3, 2}});
        s.appendLog("r", {{1, 64, 1e-3, 5.0}});
        s.appendValidation("r", {{0, 0, 5.5}});
        qs::CheckpointRow c;
        c.path = "ckpt/0.safetensors";
        s.appendCheckpoint("r", c);
        c.step = 20;
        s.appendCheckpoint("r", c);
        s.ensureConfig("r", "fp", "{}");
        qs::ResultEntry e;
        e.model = {{"ce", 2.5}};
        e.layers = {{"w_rel_err", {0.1, 0.2}}};
        e.profiles = {{"act_channel_absmax", {{1, 2, 3}, {4, 5}}}};
        s.writeResult("r", "fp", 1, e);
        s.saveFit("chinchilla", "{}");
        return qs::tryReadWholeFile(path).value_or(std::string());
    }();
    return bytes;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string path = qs::fuzz::writeFile("schema.h5", seed());
    H5::Exception::dontPrint();
    {
        Reader in(data, size);
        H5::H5File file(path, H5F_ACC_RDWR);
        for (int changes = 0; changes < 4 && !in.done(); ++changes) {
            const uint8_t what = in.byte();
            try {
                if (what & 1)
                    replaceDataset(file, datasets[(what >> 1) % std::size(datasets)], in);
                else
                    replaceAttribute(file, attributes[(what >> 1) % std::size(attributes)], in);
            } catch (const H5::Exception&) {
                // A change HDF5 refuses (a fixed-length string from numbers, ...): the file stays as it was.
            }
        }
    }
    qs::fuzz::readWholeStore(path);
    return 0;
}
