# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Rotations against llm-compressor 0.14.0.1's SpinQuantModifier (docs/verification.md, "Rotations").

llm-compressor's SpinQuantModifier with rotations R1, R2 and R4 and transform_type "hadamard" (Sylvester's
matrices, no learning, no random signs) rewrites a small random Llama made by transformers (grouped-query
attention, norm weights away from 1): it fuses the norms into the following layers, R1 into the
embedding, q/k/v/gate/up (input side), o/down (output side) and the head, R2 into v_proj's heads and
o_proj's input columns, and R4 into down_proj with an online Hadamard transform of its input (a forward
pre-hook). QuantScope's `rotd` is the same construction (core/engine/rotation.h):

- `qs_peerprobe rotate` (rotateHfBlock of every block): every linear layer's rotated weight, the fused
  norms and the matrices R1, R2 and R4 against llm-compressor's.
- Every family QuantScope rotates, as test_transformers makes them (llama with biases and llama3 RoPE,
  mistral with a window, qwen2, qwen3 with its head_dim and per-head QK-norm, olmo2 and olmo3 post-norm,
  smollm3, apertus): the logits of QuantScope's rotated model (`qs_peerprobe rotforward`, random signs)
  against transformers' logits of the unrotated model, to test_transformers' tolerance doubled (the
  rotations add a product at each end and two per block).
- The whole model: the CE QuantScope's sweep stores for `none:rotd` (rotation only: the FP model's
  function) against transformers' CE of llm-compressor's rotated model, and for `rtn:4:g128:rotd` against
  llm-compressor's rotated model with GPTQModel's quantizer (the GPTQ reference's grid, which QuantScope's
  RTN reproduces: 4 bits, symmetric, group 128) applied to every rotated linear layer: the fraction of
  identical dequantized weights and the CE difference. (compressed-tensors' own W4A16 grid divides by
  absmax / 7.5 where the GPTQ reference multiplies by 15 / (2 absmax): a group's negative extreme sits at
  the tie −7.5 and float rounding sends it to −8 in one and −7 in the other for about half the groups;
  docs/verification.md.)

llm-compressor also subtracts the embedding's mean over the hidden dimension first (center_embeddings,
QuaRot's step for LayerNorm models); for an RMSNorm model that changes the function (RMSNorm does not
subtract the mean), so the test turns it off: SpinQuant and QuaRot apply no such step to Llama.
QuantScope keeps the embedding and the head as stored and rotates the residual stream after the lookup
and back before the final norm, which computes what llm-compressor's fused embedding and head compute;
those two are compared through the logits, not as weights.
"""

import json
import zlib

import h5py
import numpy as np
import pytest
import torch
from safetensors import safe_open
from transformers import AutoModelForCausalLM, PreTrainedTokenizerFast

from conftest import import_paper1, make_llama, report, write_documents
from test_transformers import BASE, CASES, EPS32, TOL_ULPS, make_model, save, tokens, transformers_result

EVAL_TOKENS = 2 * 2048
LINEARS = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")
W4 = "rtn:4:g128:rotd"
W4_ID = "rtn_w4_g128_sym_rotd"


def spinquant(source):
    """llm-compressor's SpinQuant R1, R2, R4 (Hadamard) of `source`, in float32 with float64 transforms."""
    import llmcompressor.modifiers.transform.spinquant.base as spin
    from llmcompressor.core import State

    spin.center_embeddings = lambda embedding: None  # not function-preserving for RMSNorm (see above)
    model = AutoModelForCausalLM.from_pretrained(str(source), dtype=torch.float32)
    modifier = spin.SpinQuantModifier(rotations=["R1", "R2", "R4"], transform_type="hadamard",
                                      precision=torch.float64)
    state = State(model=model)
    modifier.on_initialize(state)
    modifier.on_calibration_start(state, None)
    return model


def w4_grid(w):
    """GPTQModel's quantizer (the GPTQ reference grid that QuantScope's RTN follows: 4 bits, symmetric,
    group 128) applied to `w`, group by group, dequantized."""
    from gptqmodel.quantization.config import QuantizeConfig
    from gptqmodel.quantization.quantizer import Quantizer
    quantizer = Quantizer(QuantizeConfig(bits=4, sym=True, group_size=128))
    quantizer.configure(perchannel=True)
    out = []
    for group in w.split(128, dim=1):
        quantizer.find_params(group, weight=True)
        out.append(quantizer.quantize(group))
    return torch.cat(out, 1).float()


def ce(model, blocks):
    with torch.no_grad():
        return sum(model(b[None], labels=b[None]).loss.item() for b in blocks) / len(blocks)


def test_rotation_matches_llmcompressor(probe, quantscope, tmp_path):
    docs = write_documents(tmp_path, 41, 4, words=2000, lengths=(60, 300), eval_documents=12)
    source = make_llama(tmp_path, docs)
    tokenizer = PreTrainedTokenizerFast.from_pretrained(str(source))
    eval_ids = tokenizer((tmp_path / "eval.txt").read_text(encoding="utf-8"), add_special_tokens=False)["input_ids"]
    blocks = torch.tensor(eval_ids[:EVAL_TOKENS]).view(-1, 2048)

    theirs = spinquant(source)
    state = theirs.state_dict()
    ours = safe_open(str(probe.run("rotate", source, "none:rotd", out=tmp_path / "rotated.safetensors")), "pt")
    n_hidden, n_head, n_inter = 256, 64, 512
    r4 = state["model.layers.0.mlp.down_proj.R4_input.weight"].double() / n_inter ** 0.5
    assert torch.allclose(ours.get_tensor("r4").double(), r4, rtol=0, atol=2 ** -24)
    # R1 and R2 are the normalized Sylvester matrices: H Hᵀ = I and entries ±1/√n.
    for name, n in (("r1", n_hidden), ("r2", n_head)):
        r = ours.get_tensor(name).double()
        assert torch.allclose(r.abs(), torch.full_like(r, n ** -0.5), rtol=0, atol=2 ** -24)
    worst = 0.0
    for name in sorted(k for k in ours.keys() if k.startswith("model.layers.")):
        a, b = ours.get_tensor(name), state[name]
        err = ((a - b).abs().max() / b.abs().max()).item()
        worst = max(worst, err)
        # One float32 product of n terms each side: a few steps of the weight's scale.
        assert err <= 16 * 2 ** -23, (name, err)
    report("rotd weights vs llm-compressor SpinQuant R1 R2 R4", worst_rel_err=worst)

    store = import_paper1(quantscope, tmp_path / "store.h5", source, tmp_path / "eval.txt",
                          tmp_path / "calibration.txt", EVAL_TOKENS)
    quantized = safe_open(str(probe.run("gptq", store, "r", "none:rotd", W4, out=tmp_path / "w4.safetensors")), "pt")
    with h5py.File(store, "r") as h5:
        fp_ce = float(h5["runs/r/configs/fp/model/ce"][0])
        rot_ce = float(h5["runs/r/configs/fp_rotd/model/ce"][0])
        w4_ce = float(h5[f"runs/r/configs/{W4_ID}/model/ce"][0])
    their_rot_ce = ce(theirs, blocks)
    # The rotated model is the FP model: the CE to float32 rounding (64 steps per layer, twice).
    tolerance = 2 * 64 * 2 ** -23 * fp_ce
    assert abs(rot_ce - fp_ce) <= tolerance, (rot_ce, fp_ce)
    assert abs(their_rot_ce - rot_ce) <= tolerance, (their_rot_ce, rot_ce)

    # The grid on QuantScope's rotated weights: the sweep's Ŵ, code for code. llm-compressor's rotated
    # model then carries those Ŵ (its embedding, head and online R4 as it fused them) in transformers.
    same = total = flipped = 0
    own = {name: w4_grid(m.weight.detach()) for name, m in theirs.named_modules() if name.split(".")[-1] in LINEARS}
    with torch.no_grad():
        for name, module in theirs.named_modules():
            if name.split(".")[-1] not in LINEARS:
                continue
            deq = w4_grid(ours.get_tensor(name + ".weight"))
            mine = quantized.get_tensor(f"{W4_ID}/1000/{name}.dequantized")
            same += int((mine == deq).sum())
            total += deq.numel()
            # A flipped code moves Ŵ by a step (absmax / 7.5); its scale's last bits alone move it by ulps.
            flipped += int(((own[name] - deq).abs() > 0.01 * deq.abs().max()).sum())
            module.weight.copy_(own[name])
    own_w4_ce = ce(theirs, blocks)
    with torch.no_grad():
        for name, module in theirs.named_modules():
            if name in own:
                module.weight.copy_(w4_grid(ours.get_tensor(name + ".weight")))
    fraction = same / total
    their_w4_ce = ce(theirs, blocks)
    report("rtn:4:g128:rotd vs SpinQuant + GPTQModel's W4 g128 grid", identical_weights=f"{fraction:.6f}",
           quantscope_ce=f"{w4_ce:.6f}", llmcompressor_model_ce=f"{their_w4_ce:.6f}",
           ce_diff=abs(w4_ce - their_w4_ce), delta_ce=w4_ce - fp_ce, fp_ce=f"{fp_ce:.6f}",
           rotated_fp_ce_diff=abs(rot_ce - fp_ce), llmcompressor_rotated_ce_diff=abs(their_rot_ce - rot_ce),
           codes_flipped_on_their_weights=f"{flipped / total:.6f}",
           ce_of_their_weights_quantized=f"{own_w4_ce:.6f}")
    assert fraction == 1.0, fraction
    assert abs(w4_ce - their_w4_ce) <= tolerance, (w4_ce, their_w4_ce)


def test_layernorm_families_are_refused(probe, tmp_path):
    """GPT-NeoX normalizes with LayerNorm: the probe's rotate refuses it with the sweep's message."""
    from transformers import GPTNeoXConfig
    config = GPTNeoXConfig(vocab_size=128, hidden_size=64, intermediate_size=256, num_hidden_layers=1,
                           num_attention_heads=4, max_position_embeddings=128)
    path = tmp_path / "neox"
    AutoModelForCausalLM.from_config(config).save_pretrained(path)
    message = probe.fails("rotate", path, "rtn:4:rot", tmp_path / "out.safetensors")
    assert "LayerNorm" in message and "gpt_neox" in message, message


ROTATABLE = [c for c in CASES if c[1] not in ("olmo", "gpt_neox")]


@pytest.mark.parametrize("case,model_type,overrides", ROTATABLE, ids=[c[0] for c in ROTATABLE])
def test_rotated_model_is_the_model(case, model_type, overrides, probe, tmp_path):
    model = make_model(model_type, overrides, seed=zlib.crc32(case.encode()))
    folder = save(model, str(tmp_path / "model"), "safetensors")
    ids = tokens(1)
    ref_logits, _ = transformers_result(folder, ids)
    ids_path = tmp_path / "ids.json"
    ids_path.write_text(json.dumps({"ids": ids.tolist()}))
    out = probe.run("rotforward", folder, "none:rot3", ids_path, out=tmp_path / "rotated.safetensors")
    with safe_open(str(out), "np") as f:
        logits = f.get_tensor("logits")
    scale = float(np.abs(ref_logits).max())
    err = float(np.abs(logits.astype(np.float64) - ref_logits).max())
    tol = 2 * TOL_ULPS * EPS32 * max(scale, 1.0) * BASE["num_hidden_layers"]
    report(f"rotated {case} vs transformers", max_abs_logit_error=err, max_logit=scale, tolerance=tol)
    assert err <= tol, f"{case}: the rotated model's logits differ from transformers' by {err:.3g} (tolerance {tol:.3g})"
