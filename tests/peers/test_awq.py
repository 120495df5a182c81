# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""AWQ against llm-compressor 0.14.0.1 (docs/verification.md, "AWQ").

llm-compressor's AWQModifier (defaults: duo scaling, a grid of 20, the mappings it infers for Llama)
followed by its QuantizationModifier with the W4A16_ASYM scheme (4 bits, group 128, asymmetric,
compressed-tensors' min-max grid), on the CPU, against QuantScope's sweep with `awq:4:g128`, on a
small random model made by transformers and the same calibration documents as the same tokens:

- The data-free half alone: compressed-tensors' quantize() of the weights of the model and of edge rows
  against `qs_peerprobe quantize awq:4`: the codes, scales and zero points must be identical.
- The whole method: the integer codes, scales and zero points of every linear layer of both tools,
  reported as the fraction identical, and the CE of llm-compressor's quantized model in transformers
  against the CE QuantScope's sweep stores.

Two families: Llama with grouped-query attention (llm-compressor then skips v_proj → o_proj, as
QuantScope does), and OLMo-2, whose norms follow the attention and the MLP: llm-compressor has no
mapping for it (its default Llama mappings fail on it, and would be wrong: OLMo-2's
post_attention_layernorm normalizes the attention's output, not the MLP's input), so it is given the
mappings it uses for OLMo and OLMo-3, v_proj → o_proj and up_proj → down_proj, which are the ones
QuantScope applies to post-norm blocks; with as many key/value heads as heads, so v_proj → o_proj runs.

llm-compressor 0.14.0.1 declares torch ≤ 2.14 and transformers < 5.18; the peer environment installs it
without its dependencies beside torch 2.15 and transformers 5.25 (packaging/peers/nodeps.txt), where its
AWQ and quantization paths run unchanged. On a CPU-only host it pins its activation cache in page-locked
memory, which needs a CUDA driver; pinning only speeds up copies to a GPU, so the test turns it off.
"""

import h5py
import pytest
import torch
from safetensors import safe_open
from safetensors.torch import save_file
from transformers import AutoModelForCausalLM, AutoTokenizer, LlamaConfig, Olmo2Config, PreTrainedTokenizerFast

from conftest import byte_level_bpe, import_paper1, report, write_documents

CALIBRATION_DOCUMENTS = 16
EVAL_TOKENS = 2 * 2048
SPEC = f"awq:4:g128:cal{CALIBRATION_DOCUMENTS}x2048"
CONFIG_ID = f"awq_w4_g128_cal{CALIBRATION_DOCUMENTS}x2048"
LINEARS = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")


def make_model(family, folder, docs):
    tok = byte_level_bpe(docs)
    torch.manual_seed(23)
    kv = 2 if family == "llama" else 4
    common = dict(vocab_size=512, hidden_size=256, intermediate_size=512, num_hidden_layers=2,
                  num_attention_heads=4, num_key_value_heads=kv, max_position_embeddings=2048)
    config = LlamaConfig(**common, tie_word_embeddings=False) if family == "llama" else Olmo2Config(**common)
    model = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    with torch.no_grad():
        # Norm weights away from 1, so the activations' channel means differ as a trained model's do
        # and the scale search has something to find.
        g = torch.Generator().manual_seed(29)
        for name, p in model.named_parameters():
            if "norm" in name:
                p.copy_(torch.rand(p.shape, generator=g) * 1.5 + 0.25)
    path = folder / family / "step1000"
    model.save_pretrained(path)
    PreTrainedTokenizerFast(tokenizer_object=tok, bos_token="<s>", eos_token="</s>").save_pretrained(path)
    return path


def w4a16_asym():
    from compressed_tensors.quantization.quant_scheme import W4A16_ASYM
    return W4A16_ASYM["weights"]


def ct_int(w, args):
    """compressed-tensors' codes, scales, zero points and dequantized weight of `w` under `args`."""
    from compressed_tensors.quantization.lifecycle.forward import dequantize, quantize
    from compressed_tensors.quantization.utils.helpers import calculate_qparams
    groups = w.reshape(w.shape[0], -1, args.group_size)
    scale, zero = calculate_qparams(groups.amin(-1), groups.amax(-1), args)
    codes = quantize(w, scale, zero, args)
    return codes.float(), scale.float(), zero.float(), dequantize(codes, scale, zero, args).float()


def llmcompressor_awq(source, calibration, family):
    """llm-compressor's AWQ and W4A16_ASYM quantization of `source`; the model, its layers' codes etc."""
    from llmcompressor import oneshot
    from llmcompressor.modifiers.quantization import QuantizationModifier
    from llmcompressor.modifiers.transform.awq import AWQMapping, AWQModifier
    from llmcompressor.pipelines.cache import IntermediatesCache

    if not torch.cuda.is_available():
        IntermediatesCache.pin_memory = lambda self, *args, **kwargs: None
    model = AutoModelForCausalLM.from_pretrained(str(source), dtype=torch.float32)
    tokenizer = AutoTokenizer.from_pretrained(str(source))
    samples = torch.utils.data.DataLoader(
        [{"input_ids": torch.tensor(ids), "attention_mask": torch.ones(len(ids), dtype=torch.long)}
         for ids in calibration], batch_size=1)
    mappings = None if family == "llama" else [AWQMapping("re:.*v_proj$", ["re:.*o_proj$"]),
                                               AWQMapping("re:.*up_proj$", ["re:.*down_proj$"])]
    recipe = [AWQModifier(mappings=mappings),
              QuantizationModifier(scheme="W4A16_ASYM", targets=["Linear"], ignore=["lm_head"])]
    oneshot(model=model, dataset=samples, processor=tokenizer, recipe=recipe,
            num_calibration_samples=len(calibration), max_seq_length=2048, shuffle_calibration_samples=False)
    layers = {}
    with torch.no_grad():
        for name, module in model.named_modules():
            if name.split(".")[-1] not in LINEARS:
                continue
            args = module.quantization_scheme.weights
            codes, _, _, deq = ct_int(module.weight.detach(), args)
            from compressed_tensors.quantization.lifecycle.forward import dequantize
            layers[name] = dict(codes=codes, scale=module.weight_scale.detach().float(),
                                zero=module.weight_zero_point.detach().float(),
                                dequantized=dequantize(codes.to(torch.int8), module.weight_scale,
                                                       module.weight_zero_point, args).float(),
                                smoothed=module.weight.detach().clone())
            assert torch.equal(deq, layers[name]["dequantized"])
    return model, layers


def transformers_ce(source, smoothed_model, layers, blocks):
    """CE in transformers of llm-compressor's result: its smoothed norms and its dequantized linears."""
    model = AutoModelForCausalLM.from_pretrained(str(source), dtype=torch.float32)
    state = {k: v.detach().clone() for k, v in smoothed_model.state_dict().items() if k in model.state_dict()}
    for name, layer in layers.items():
        state[name + ".weight"] = layer["dequantized"]
    model.load_state_dict(state, strict=False)
    with torch.no_grad():
        return sum(model(b[None], labels=b[None]).loss.item() for b in blocks) / len(blocks)


def test_int_grid_is_compressed_tensors(probe, tmp_path):
    """The data-free half: compressed-tensors' W4A16_ASYM grid on weights and edge rows, identical."""
    g = torch.Generator().manual_seed(31)
    rows = torch.randn(16, 512, generator=g)
    rows[0, :128] = 0.0                                           # an all-zero group
    rows[1] = rows[1].abs() + 0.5                                 # all positive: min clamped to 0
    rows[2] = -rows[2].abs() - 0.5                                # all negative: max clamped to 0
    rows[3] *= torch.pow(2.0, torch.randint(-20, 20, (512,), generator=g).float())
    rows[4, :128] = torch.arange(128) / 127 * 15 - 7.5           # levels on the rounding ties
    rows[5] *= 1e-30
    tensors = {"edge": rows, "wide": torch.randn(64, 1024, generator=g) * 0.02}
    src = tmp_path / "in.safetensors"
    save_file(tensors, str(src))
    for bits in (4, 8, 3):
        out = safe_open(str(probe.run("quantize", src, f"awq:{bits}", out=tmp_path / f"out{bits}.safetensors")), "pt")
        args = w4a16_asym().model_copy(update={"num_bits": bits})
        for name, w in tensors.items():
            codes, scale, zero, deq = ct_int(w, args)
            same = (out.get_tensor(name + ".codes") == codes).double().mean().item()
            report(f"AWQ grid W{bits} {name} against compressed-tensors", identical_codes=f"{same:.6f}")
            assert same == 1.0, (bits, name)
            assert torch.equal(out.get_tensor(name + ".scale"), scale), (bits, name)
            assert torch.equal(out.get_tensor(name + ".zero"), zero), (bits, name)
            assert torch.equal(out.get_tensor(name), deq), (bits, name)


@pytest.mark.parametrize("family", ["llama", "olmo2"])
def test_awq_matches_llmcompressor(family, probe, quantscope, tmp_path):
    docs = write_documents(tmp_path, 17, CALIBRATION_DOCUMENTS, words=2000, lengths=(60, 300), eval_documents=12)
    source = make_model(family, tmp_path, docs)
    tokenizer = AutoTokenizer.from_pretrained(str(source))
    calibration = [tokenizer(d, add_special_tokens=False)["input_ids"] for d in docs]
    eval_ids = tokenizer((tmp_path / "eval.txt").read_text(encoding="utf-8"), add_special_tokens=False)["input_ids"]
    blocks = torch.tensor(eval_ids[:EVAL_TOKENS]).view(-1, 2048)

    store = import_paper1(quantscope, tmp_path / "store.h5", source, tmp_path / "eval.txt",
                          tmp_path / "calibration.txt", EVAL_TOKENS)
    ours = safe_open(str(probe.run("gptq", store, "r", SPEC, out=tmp_path / "quantscope.safetensors")), "pt")
    with h5py.File(store, "r") as h5:
        fp_ce_ours = float(h5["runs/r/configs/fp/model/ce"][0])
        ce_ours = float(h5[f"runs/r/configs/{CONFIG_ID}/model/ce"][0])

    # The FP reference first, computed in the same sweep as AWQ's lane (whose scaling must leave the
    # reference's blocks alone): the same CE as transformers.
    fp_ce = transformers_ce(source, AutoModelForCausalLM.from_pretrained(str(source), dtype=torch.float32), {},
                            blocks)
    assert abs(fp_ce_ours - fp_ce) <= 64 * 2 ** -23 * fp_ce, (fp_ce_ours, fp_ce)

    model, theirs = llmcompressor_awq(source, calibration, family)
    assert len(theirs) == 14, sorted(theirs)
    total = same_total = 0
    worst_deq = 0.0
    for name, t in sorted(theirs.items(), key=lambda kv: (int(kv[0].split(".")[2]), kv[0])):
        key = f"{CONFIG_ID}/1000/{name}"
        codes = ours.get_tensor(key + ".codes")
        same = (codes == t["codes"]).double().mean().item()
        same_scale = (ours.get_tensor(key + ".scale") == t["scale"]).double().mean().item()
        same_zero = (ours.get_tensor(key + ".zero") == t["zero"]).double().mean().item()
        scale_err = ((ours.get_tensor(key + ".scale") - t["scale"]).abs() / t["scale"]).max().item()
        deq = ours.get_tensor(key + ".dequantized")
        deq_err = ((deq - t["dequantized"]).abs().max() / t["dequantized"].abs().max()).item()
        worst_deq = max(worst_deq, deq_err)
        total += codes.numel()
        same_total += int((codes == t["codes"]).sum())
        report(f"AWQ {family} vs llm-compressor {name}", identical_codes=f"{same:.6f}",
               identical_scales=f"{same_scale:.6f}", scale_rel_err=scale_err, identical_zeros=f"{same_zero:.6f}",
               dequantized_rel_err=deq_err)
        # The scales s of a site are the same grid point's; x̄ summed in another order (and the attention
        # by another kernel before the MLP's sites) moves them, and so W·s and each group's range, by an
        # ulp or two: the weights' scales agree to a few float32 steps, the codes stay the same.
        assert scale_err <= 8 * 2 ** -23, (name, scale_err)
    fraction = same_total / total
    ce_theirs = transformers_ce(source, model, theirs, blocks)
    report(f"AWQ {family} W4 g128 against llm-compressor", identical_codes=f"{fraction:.6f}",
           quantscope_ce=f"{ce_ours:.6f}", llmcompressor_ce_in_transformers=f"{ce_theirs:.6f}",
           ce_diff=abs(ce_ours - ce_theirs), fp_ce=f"{fp_ce_ours:.6f}", delta_ce=ce_theirs - fp_ce_ours,
           worst_dequantized_rel_err=worst_deq)
    assert fraction >= 0.999, fraction
    # Identical weights would give the CE to float32 rounding (64 steps per layer, twice, as
    # test_transformers derives it); the codes that differ move it by a share of quantization's move.
    tolerance = max(2 * 64 * 2 ** -23 * ce_theirs, 0.02 * abs(ce_theirs - fp_ce_ours))
    assert abs(ce_ours - ce_theirs) <= tolerance, (ce_ours, ce_theirs, tolerance)
