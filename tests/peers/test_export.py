# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""`quantscope export` loaded by the libraries that own the formats (docs/verification.md, "Export").

A small random Llama made by transformers (grouped-query attention, untied head) is imported and swept by
QuantScope with GPTQ (symmetric and asymmetric), AWQ, FP8, MXFP8, MXFP4 and NVFP4; each stored (revision,
config) is exported and loaded by its real clients on the CPU. GPTQ and AWQ:

- transformers 5.25 (`from_pretrained`, float32: the GPTQ and AWQ modules of gptqmodel's CPU kernels),
  whose CE on the evaluation blocks must be the CE QuantScope prints for the checkpoint as written, to
  float32 rounding;
- GPTQModel 7.7 (`GPTQModel.load`), which computes in float16: its CE must be within a few times the
  distance float16 arithmetic alone puts between transformers' float16 and float32 CE of the FP model.

compressed-tensors 0.19 (through transformers, as a user loads the folder): FP8 per channel and per tensor,
with FP8 per-token inputs (also all but the MLP down-projection's: two config groups), MXFP8, MXFP4 and
NVFP4 weights: the CE must be the sweep's to float32 rounding, the inputs quantized by compressed-tensors
at run time (within what one-step moves of the inputs do to the CE at FP8's rounding boundaries), NVFP4's
weights as the format defines them (compressed-tensors decompresses them in bfloat16).

The export computes the sweep's codes again and evaluates them with the float16 scales both formats
store: its CE differs from the one the sweep stored by that rounding only, which must be a small part of
what quantization did to the CE. The export leaves the store as it was, byte for byte. Refusals (a config that quantizes activations, a
folder that exists, a format the config does not fit) are checked by their messages.
"""

import hashlib
import json
import os
import re
import subprocess

os.environ.setdefault("GPTQMODEL_CPU_WORKERS", "2")  # as test_gptqmodel.py: a 2-core machine

import h5py  # noqa: E402
import pytest  # noqa: E402
import torch  # noqa: E402
from safetensors import safe_open  # noqa: E402
from transformers import AutoModelForCausalLM, AutoTokenizer  # noqa: E402

from conftest import import_paper1, make_llama, report, write_documents  # noqa: E402

CALIBRATION_DOCUMENTS = 16
EVAL_TOKENS = 2 * 2048
CAL = f"cal{CALIBRATION_DOCUMENTS}x2048"
# (spec, format, what the checkpoint's quantization_config says)
EXPORTS = [
    (f"gptq:4:g128:sym:act:{CAL}", "gptq", "gptq"),
    (f"gptq:4:g64:asym:noact:{CAL}", "gptq", "gptq_v2"),
    (f"awq:4:g128:{CAL}", "awq", "awq"),
    (f"awq:4:g128:{CAL}", "gptq", "gptq_v2"),
]

# compressed-tensors: weights only, FP8 per-token inputs, and those but the MLP down-projection's (a second
# config group).
CT_EXPORTS = ["fp8", "fp8:pt", "fp8:a8fp", "fp8:a8fp:down=a16", "mxfp8", "mxfp4", "nvfp4"]


def ce_of(model, blocks):
    """CE with labels=input_ids per block, averaged (every block scores the same number of tokens)."""
    with torch.no_grad():
        return sum(model(b[None], labels=b[None]).loss.float().item() for b in blocks) / len(blocks)


def export(quantscope, store, spec, fmt, out):
    proc = subprocess.run([quantscope, "export", "--store", store, "--run", "r", "--step", "1000", "--config", spec,
                           "--format", fmt, "--out", out, "--threads", "2"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    written = re.search(r"as written: ([0-9.]+) nats per token; stored by the sweep: ([0-9.]+)",
                        proc.stdout)
    assert written, proc.stdout
    return float(written.group(1)), float(written.group(2))


def refused(quantscope, *args):
    proc = subprocess.run([quantscope, "export", *map(str, args)], capture_output=True, text=True)
    assert proc.returncode != 0, proc.stdout
    return proc.stderr


@pytest.fixture(scope="module")
def swept(tmp_path_factory, quantscope):
    tmp = tmp_path_factory.mktemp("export")
    docs = write_documents(tmp, 11, CALIBRATION_DOCUMENTS, spare=8)
    source = make_llama(tmp, docs)
    store = import_paper1(quantscope, tmp / "store.h5", source, tmp / "eval.txt", tmp / "calibration.txt",
                          EVAL_TOKENS)
    specs = sorted({spec for spec, _, _ in EXPORTS}) + CT_EXPORTS + ["rtn:4:g128:sym", f"gptq:4:g128:sym:act:a8:{CAL}",
                                                                     "nvfp4:a4nv", "mxfp4:a4mx"]
    subprocess.run([quantscope, "sweep", "--store", store, "--run", "r", "--threads", "2",
                    *[a for s in specs for a in ("--quant", s)]], check=True, capture_output=True)
    tokenizer = AutoTokenizer.from_pretrained(str(source))
    eval_ids = tokenizer((tmp / "eval.txt").read_text(encoding="utf-8"), add_special_tokens=False)["input_ids"]
    blocks = torch.tensor(eval_ids[:EVAL_TOKENS]).view(-1, 2048)
    # How far float16 arithmetic alone moves the FP model's CE: the scale of GPTQModel's differences.
    fp32 = ce_of(AutoModelForCausalLM.from_pretrained(str(source), dtype=torch.float32, device_map="cpu"), blocks)
    fp16 = ce_of(AutoModelForCausalLM.from_pretrained(str(source), dtype=torch.float16, device_map="cpu"), blocks)
    return tmp, store, blocks, abs(fp16 - fp32)


@pytest.mark.parametrize("spec,fmt,written", EXPORTS, ids=[f"{s.split(':')[0]}-{s.split(':')[3]}-{f}"
                                                           for s, f, _ in EXPORTS])
def test_export_loads_with_the_same_ce(swept, spec, fmt, written, quantscope):
    tmp, store, blocks, fp16_shift = swept
    out = tmp / f"export-{spec.split(':')[0]}-{spec.split(':')[3]}-{fmt}"
    before = hashlib.sha256(store.read_bytes()).hexdigest()
    ce_written, ce_stored = export(quantscope, store, spec, fmt, out)
    assert hashlib.sha256(store.read_bytes()).hexdigest() == before, "the export changed the store"
    with h5py.File(store, "r") as h5:
        fp_ce = float(h5["runs/r/configs/fp/model/ce"][0])
    # The sweep's codes, evaluated with float16 scales: a small part of what quantization did to the CE.
    assert abs(ce_written - ce_stored) <= 0.1 * abs(ce_stored - fp_ce), (ce_written, ce_stored, fp_ce)

    model = AutoModelForCausalLM.from_pretrained(str(out), dtype=torch.float32, device_map="cpu")
    config = model.config.quantization_config
    config = config.to_dict() if hasattr(config, "to_dict") else config
    assert config["quant_method"] == ("awq" if fmt == "awq" else "gptq")
    kernels = {type(m).__name__ for m in model.modules() if hasattr(m, "qweight")}
    assert sum(hasattr(m, "qweight") for m in model.modules()) == 14, kernels  # 2 blocks × q k v o gate up down
    ce_transformers = ce_of(model, blocks)
    # float32 both ways; the kernels dequantize each weight once, and the sums run in another order.
    assert abs(ce_transformers - ce_written) <= 64 * 2 ** -23 * ce_written, (ce_transformers, ce_written)

    from gptqmodel import BACKEND, GPTQModel
    loaded = GPTQModel.load(str(out), device="cpu", dtype=torch.float16,
                            backend=BACKEND.TORCH if fmt == "gptq" else BACKEND.AUTO)
    ce_gptqmodel = ce_of(loaded.model, blocks)
    assert abs(ce_gptqmodel - ce_written) <= 4 * fp16_shift + 64 * 2 ** -23 * ce_written, \
        (ce_gptqmodel, ce_written, fp16_shift)
    with safe_open(str(out / "model.safetensors"), "pt") as f:
        names = set(f.keys())
    assert "model.layers.0.mlp.down_proj.qweight" in names and "model.layers.0.mlp.down_proj.weight" not in names
    report(f"export {spec} as {written}", kernels=",".join(sorted(kernels)), ce_written=ce_written,
           ce_transformers_diff=ce_transformers - ce_written, ce_gptqmodel_fp16_diff=ce_gptqmodel - ce_written,
           fp16_shift_of_fp_model=fp16_shift, ce_stored_diff=ce_written - ce_stored, quantization_move=ce_stored - fp_ce)


def decompressed(path):
    """The export as transformers loads it with compressed-tensors decompressing every weight at load;
    nothing is quantized at run time then."""
    from transformers.utils.quantization_config import CompressedTensorsConfig
    return AutoModelForCausalLM.from_pretrained(str(path), dtype=torch.float32, device_map="cpu",
                                                quantization_config=CompressedTensorsConfig(run_compressed=False))


def mx_in_float32(monkeypatch):
    """compressed-tensors 0.19 unpacks E2M1 nibbles into bfloat16 (`unpack_fp4_from_uint8`) and turns E8M0
    scale bytes into bfloat16 powers of two (`decompress_mx_scale`), so an MX layer of a float32 model gets a
    bfloat16 weight and its first product fails (float != BFloat16). MX weights are an element times a power
    of two, exact in bfloat16 and float32 alike: the same values in float32 let the model run in float32,
    its inputs quantized by compressed-tensors at run time."""
    import sys
    import compressed_tensors.compressors.nvfp4.base as packed_fp4

    unpack = packed_fp4.unpack_fp4_from_uint8
    monkeypatch.setattr(packed_fp4, "unpack_fp4_from_uint8",
                        lambda a, m, n, dtype=torch.float32: unpack(a, m, n, dtype=dtype))
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("compressed_tensors") and \
                hasattr(module, "decompress_mx_scale"):
            monkeypatch.setattr(module, "decompress_mx_scale",
                                lambda scale: torch.pow(2.0, (scale.to(torch.int32) - 127).to(torch.float32)))


def nvfp4_weights(path, names):
    """Each NVFP4 layer's weight as the format defines it, in float32: E2M1 nibble (sign in bit 3) times
    the float8 block scale divided by the global scale."""
    table = torch.tensor([0, .5, 1, 1.5, 2, 3, 4, 6, 0, -.5, -1, -1.5, -2, -3, -4, -6])
    weights = {}
    with safe_open(str(path / "model.safetensors"), "pt") as f:
        for name in names:
            packed = f.get_tensor(name + ".weight_packed").long()
            e = table[torch.stack([packed & 15, packed >> 4], -1).reshape(packed.shape[0], -1)]
            scale = f.get_tensor(name + ".weight_scale").float() / f.get_tensor(name + ".weight_global_scale")
            weights[name] = e * scale.repeat_interleave(16, 1)
    return weights


def by_hand(source, weights_from, spec, blocks, seed=None):
    """CE of the source model with the export's decompressed weights and each layer's input quantized by the
    format's own library (test_quantizers.peer_activation: compressed-tensors' FP8 per token);
    with `seed`, every input first moved by about one float32 step, as another implementation's float32
    arithmetic would move it."""
    from test_quantizers import peer_activation
    model = AutoModelForCausalLM.from_pretrained(str(source), dtype=torch.float32, device_map="cpu")
    g = torch.Generator().manual_seed(seed) if seed is not None else None
    for name, module in model.named_modules():
        if not isinstance(module, torch.nn.Linear) or name == "lm_head":
            continue
        module.weight.data.copy_(weights_from.get_submodule(name).weight.detach())
        if name.endswith("down_proj") and "down=a16" in spec:
            continue
        act = spec

        def hook(m, args, act=act):
            x = args[0]
            if g is not None:
                x = x * (1 + 2 ** -23 * torch.randn(x.shape, generator=g))
            return (peer_activation(act, x),)
        module.register_forward_pre_hook(hook)
    return ce_of(model, blocks)


@pytest.mark.parametrize("spec", CT_EXPORTS)
def test_compressed_tensors_export_loads_with_the_same_ce(swept, spec, quantscope, monkeypatch):
    tmp, store, blocks, _ = swept
    source = tmp / "llama" / "step1000"
    out = tmp / f"export-{spec.replace(':', '-').replace('=', '')}"
    before = hashlib.sha256(store.read_bytes()).hexdigest()
    ce_written, ce_stored = export(quantscope, store, spec, "compressed-tensors", out)
    assert hashlib.sha256(store.read_bytes()).hexdigest() == before, "the export changed the store"
    # The weights are the sweep's (no float16 scales here; NVFP4's block scale divided by the global scale,
    # within a float32 rounding of the sweep's product): the same CE to float32 rounding.
    assert abs(ce_written - ce_stored) <= 64 * 2 ** -23 * ce_stored, (ce_written, ce_stored)

    config = json.loads((out / "config.json").read_text())["quantization_config"]
    assert config["quant_method"] == "compressed-tensors"
    if spec.startswith("mx"):
        mx_in_float32(monkeypatch)
    model = AutoModelForCausalLM.from_pretrained(str(out), dtype=torch.float32, device_map="cpu")
    schemes = {n: m.quantization_scheme for n, m in model.named_modules() if hasattr(m, "quantization_scheme")}
    assert len(schemes) == 14 and "lm_head" not in schemes, sorted(schemes)
    down = schemes["model.layers.0.mlp.down_proj"].input_activations
    q = schemes["model.layers.0.self_attn.q_proj"].input_activations
    assert (q is not None) == (":a" in spec), q
    assert (down is not None) == (":a" in spec and "down=a16" not in spec), down
    assert len(config["config_groups"]) == (2 if "down=a16" in spec else 1), config["config_groups"]
    figures = {}
    tolerance = 64 * 2 ** -23 * ce_written
    if spec.startswith("nvfp4"):
        # compressed-tensors 0.19 decompresses NVFP4 in bfloat16 whatever the model's dtype (the global
        # scale's division rounded there too): it must read the file as the format defines it, rounded to
        # bfloat16; the file's own weights, in float32, must give the CE QuantScope measured.
        exact = nvfp4_weights(out, schemes)
        library = decompressed(out)
        for name in schemes:
            assert torch.equal(library.get_submodule(name).weight, exact[name].bfloat16().float()), name
        ce_library = ce_of(library, blocks)
        model = AutoModelForCausalLM.from_pretrained(str(source), dtype=torch.float32, device_map="cpu")
        with torch.no_grad():
            for name in schemes:
                model.get_submodule(name).weight.copy_(exact[name])
        ce_format = ce_of(model, blocks)
        assert abs(ce_format - ce_written) <= tolerance, (ce_format, ce_written)
        figures["ce_format_float32_diff"] = ce_format - ce_written
    else:
        ce_library = ce_of(model, blocks)
        if ":a" in spec:
            # compressed-tensors quantizes the inputs as the formats' libraries do: the same CE by hand.
            weights = decompressed(out)  # the same weights as plain Linear modules
            ce_hand = by_hand(source, weights, spec, blocks)
            assert abs(ce_library - ce_hand) <= tolerance, (ce_library, ce_hand)
            # QuantScope's own forward pass rounds in another order, and an input on an FP8 rounding
            # boundary then takes the other level: the CE moves by what one-step moves of the inputs do.
            moves = [by_hand(source, weights, spec, blocks, seed) - ce_hand for seed in range(3)]
            spread = (sum(m * m for m in moves) / len(moves)) ** 0.5
            tolerance += 4 * spread
            figures["input_rounding_spread"] = spread
        assert abs(ce_library - ce_written) <= tolerance, (ce_library, ce_written, figures)
    with safe_open(str(out / "model.safetensors"), "pt") as f:
        stored = {k.rsplit(".", 1)[1]: str(f.get_slice(k).get_dtype()) for k in f.keys()
                  if k.startswith("model.layers.0.mlp.down_proj.")}
    report(f"export {spec} as compressed-tensors {config['format']}", tensors=stored, ce_written=ce_written,
           ce_library_diff=ce_library - ce_written, ce_stored_diff=ce_written - ce_stored, **figures)


def test_export_refusals(swept, quantscope):
    tmp, store, _, _ = swept
    common = ["--store", store, "--run", "r", "--step", "1000"]
    message = refused(quantscope, *common, "--config", f"gptq:4:g128:sym:act:a8:{CAL}", "--out", tmp / "a4")
    assert "quantizes activations" in message, message
    message = refused(quantscope, *common, "--config", "rtn:4:g128:sym", "--out", tmp / "a4")
    assert "hold GPTQ and AWQ configs" in message, message
    message = refused(quantscope, *common, "--config", "nvfp4:a4nv", "--out", tmp / "a4")
    assert "quantizes the inputs of q layers as" in message and "one scale per tensor" in message, message
    message = refused(quantscope, *common, "--config", "mxfp4:a4mx", "--out", tmp / "a4")
    assert "block scale to the nearest power of two" in message, message
    message = refused(quantscope, *common, "--config", "fp8", "--format", "gptq", "--out", tmp / "a4")
    assert "export it as compressed-tensors" in message, message
    message = refused(quantscope, *common, "--config", EXPORTS[0][0], "--format", "awq", "--out", tmp / "x")
    assert "GPTQ config" in message, message
    (tmp / "exists").mkdir()
    message = refused(quantscope, *common, "--config", EXPORTS[0][0], "--out", tmp / "exists")
    assert "exists" in message and "never replaces" in message, message
    message = refused(quantscope, *common[:-1], "999", "--config", EXPORTS[0][0], "--out", tmp / "y")
    assert "no revision at step 999" in message, message
    assert not (tmp / "a4").exists() and not (tmp / "x").exists() and not (tmp / "y").exists()
