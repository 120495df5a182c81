# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""`quantscope downstream` against lm-eval 0.4.13 (docs/verification.md, docs/downstream.md).

lm-eval scores the twelve tasks of tests/data/downstream (tests/support/make_downstream_tasks.py: the data
sets' own layouts) through task YAMLs that include lm-eval's own ones and only point them at the local
files (--include_path, as a user without the Hugging Face hub runs it), 5-shot, log_samples on, on
random models transformers made and saved. QuantScope must give the same prompts (every context and
continuation, byte for byte), the same tokens (checked against transformers' tokenizer with lm-eval's
_encode_pair), per-request log-likelihoods within float32 tolerance, and the same acc / acc_norm and
standard errors per task and per MMLU group."""

import json
import math
import os
import shutil
import subprocess

import pytest

from conftest import byte_level_bpe, report

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "downstream")
TASKS = ["arc_challenge", "arc_easy", "openbookqa", "piqa", "hellaswag", "winogrande", "mathqa", "pubmedqa",
         "sciq", "social_iqa", "commonsense_qa", "mmlu"]
SPLITS = {"arc_challenge": "arc/arc_challenge.yaml", "arc_easy": "arc/arc_easy.yaml",
          "openbookqa": "openbookqa/openbookqa.yaml", "piqa": "piqa/piqa.yaml", "hellaswag": "hellaswag/hellaswag.yaml",
          "winogrande": "winogrande/default.yaml", "mathqa": "mathqa/mathqa.yaml", "pubmedqa": "pubmedqa/pubmedqa.yaml",
          "sciq": "sciq/sciq.yaml", "social_iqa": "siqa/siqa.yaml", "commonsense_qa": "commonsense_qa/default.yaml"}


def task_texts():
    texts = []
    for task in TASKS:
        for name in os.listdir(os.path.join(DATA, task)):
            with open(os.path.join(DATA, task, name), encoding="utf-8") as f:
                texts += [" ".join(str(v) for v in json.loads(line).values()) for line in f]
    return texts


def make_model(folder, family, bos, max_positions):
    """A random model made by transformers with a byte-level BPE tokenizer trained on the task text (through
    the tokenizer class transformers gives the model type); with `bos`, its post-processor puts <s> before
    every encoding (as Llama-3's does)."""
    import torch
    from tokenizers import processors
    from transformers import AutoModelForCausalLM, AutoTokenizer, LlamaConfig, PreTrainedTokenizerFast, Qwen2Config
    tok = byte_level_bpe(task_texts(), vocab=600)
    if bos:
        tok.post_processor = processors.TemplateProcessing(single="<s> $A",
                                                           special_tokens=[("<s>", tok.token_to_id("<s>"))])
    torch.manual_seed(5)
    shape = dict(vocab_size=600, hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=4,
                 num_key_value_heads=2, max_position_embeddings=max_positions, tie_word_embeddings=False)
    config = LlamaConfig(**shape) if family == "llama" else Qwen2Config(**shape)
    model = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    with torch.no_grad():  # logits with some spread, so that the choices' log-likelihoods differ clearly
        model.lm_head.weight.mul_(8.0)
    model.save_pretrained(folder)
    PreTrainedTokenizerFast(tokenizer_object=tok, bos_token="<s>", eos_token="</s>").save_pretrained(folder)
    # transformers 5 gives a model type its own tokenizer class, which may set its own pre-tokenizer (Qwen2:
    # its digit-splitting pattern); saved again through it, tokenizer.json holds what lm-eval tokenizes with.
    AutoTokenizer.from_pretrained(folder).save_pretrained(folder)
    return folder


def lm_eval_tasks(folder, data):
    """Task YAMLs that include lm-eval's own and read the local files; MMLU's subjects one file each and
    grouped as lm-eval groups them. Returns the task and group names to ask for."""
    import lm_eval
    tasks_dir = os.path.join(os.path.dirname(lm_eval.__file__), "tasks")
    os.makedirs(folder)
    names = []

    def write(name, text):
        with open(os.path.join(folder, name + ".yaml"), "w", encoding="utf-8") as f:
            f.write(text)

    def files(task, splits):
        return "".join(f"    {s}: {os.path.join(data, task, s + '.jsonl')}\n" for s in splits)

    for task, yaml in SPLITS.items():
        splits = [f[:-6] for f in sorted(os.listdir(os.path.join(data, task)))]
        write("qs_" + task, f"include: {os.path.join(tasks_dir, yaml)}\ntask: qs_{task}\ntag: []\n"
                            f"dataset_path: json\ndataset_name: null\ndataset_kwargs:\n  data_files:\n"
                            + files(task, splits))
        names.append("qs_" + task)
    # MMLU: a file per subject and split, the subjects in their categories, the categories in mmlu.
    by_subject = {}
    for split in ("dev", "test"):
        with open(os.path.join(data, "mmlu", split + ".jsonl"), encoding="utf-8") as f:
            for line in f:
                by_subject.setdefault(json.loads(line)["subject"], {}).setdefault(split, []).append(line)
    categories = {}
    for subject, splits in sorted(by_subject.items()):
        for split, lines in splits.items():
            os.makedirs(os.path.join(folder, "mmlu", subject), exist_ok=True)
            with open(os.path.join(folder, "mmlu", subject, split + ".jsonl"), "w", encoding="utf-8") as f:
                f.writelines(lines)
        with open(os.path.join(tasks_dir, "mmlu", "default", f"mmlu_{subject}.yaml"), encoding="utf-8") as f:
            category = [l for l in f if l.startswith('"tag"')][0].split('"')[3].replace("mmlu_", "").replace("_tasks", "")
        categories.setdefault(category, []).append(f"qs_mmlu_{subject}")
        write(f"qs_mmlu_{subject}",
              f"include: {os.path.join(tasks_dir, 'mmlu', 'default', f'mmlu_{subject}.yaml')}\n"
              f"task: qs_mmlu_{subject}\ntag: []\ndataset_path: json\ndataset_name: null\n"
              f"dataset_kwargs:\n  data_files:\n" + files(os.path.join(folder, "mmlu", subject), ["dev", "test"]))
    aggregate = "aggregate_metric_list:\n  - metric: acc\n    weight_by_size: True\n"
    for category, members in categories.items():
        write(f"qs_mmlu_{category}", f"group: qs_mmlu_{category}\ntask:\n"
              + "".join(f"  - {m}\n" for m in members) + aggregate)
    write("qs_mmlu", "group: qs_mmlu\ntask:\n" + "".join(f"  - qs_mmlu_{c}\n" for c in categories) + aggregate)
    names.append("qs_mmlu")
    return names


def run_lm_eval(model, include, names, out):
    """lm-eval's Python entry point (what its CLI calls) on `model`, 5-shot, every sample logged."""
    import lm_eval
    from lm_eval.tasks import TaskManager
    results = lm_eval.simple_evaluate(model="hf", model_args=f"pretrained={model},dtype=float32", tasks=names,
                                      num_fewshot=5, batch_size=16, device="cpu", log_samples=True,
                                      task_manager=TaskManager(include_path=include))
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"results": results["results"], "samples": results["samples"]}, f, default=str)
    return results


def encode_pair(tokenizer, context, continuation):
    """lm-eval's HFLM._encode_pair with transformers' tokenizer (add_special_tokens by default)."""
    n = len(context) - len(context.rstrip())
    if n:
        continuation = context[-n:] + continuation
        context = context[:-n]
    whole = tokenizer.encode(context + continuation)
    ctx = tokenizer.encode(context)
    return ctx, whole[len(ctx):]


@pytest.mark.parametrize("family,bos,max_positions", [("llama", True, 512), ("qwen2", False, 2048)],
                         ids=["llama-bos-512", "qwen2-2048"])
def test_twelve_tasks_as_lm_eval(tmp_path, quantscope, family, bos, max_positions):
    from transformers import AutoTokenizer
    os.environ.update(HF_DATASETS_OFFLINE="1", HF_HUB_OFFLINE="1", HF_DATASETS_CACHE=str(tmp_path / "hfcache"),
                      TOKENIZERS_PARALLELISM="false")
    data = str(tmp_path / "data")
    shutil.copytree(DATA, data)
    model = make_model(str(tmp_path / "model"), family, bos, max_positions)
    names = lm_eval_tasks(str(tmp_path / "yaml"), data)
    theirs = run_lm_eval(model, str(tmp_path / "yaml"), names, str(tmp_path / "lm_eval.json"))
    proc = subprocess.run([quantscope, "downstream", "--model", model, "--data", data, "--threads", "2",
                           "--out", str(tmp_path / "qs.json"), "--log-samples"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    with open(tmp_path / "qs.json", encoding="utf-8") as f:
        ours = json.load(f)
    tokenizer = AutoTokenizer.from_pretrained(model)

    requests = prompts = token_checks = truncated = 0
    worst_ll = worst_rel = 0.0
    metric_checks = 0
    for task in ours["tasks"]:
        name = "qs_" + task["name"]
        samples = sorted(theirs["samples"][name], key=lambda s: s["doc_id"])
        assert len(samples) == len(task["samples"]) == task["documents"], name
        for doc, sample in zip(task["samples"], samples):
            args = [(a["arg_0"], a["arg_1"]) for a in sample["arguments"].values()] \
                if isinstance(sample["arguments"], dict) else [tuple(a) for a in sample["arguments"]]
            assert len(args) == len(doc["requests"]), (name, sample["doc_id"])
            for request, (context, continuation), resp in zip(doc["requests"], args, sample["resps"]):
                assert request["context"] == context, (name, sample["doc_id"], request["context"][-200:], context[-200:])
                assert request["continuation"] == continuation, (name, sample["doc_id"])
                prompts += 1
                ctx, cont = encode_pair(tokenizer, context, continuation)
                assert request["context_tokens"] == ctx and request["continuation_tokens"] == cont, (name, sample["doc_id"], request["context_tokens"][-8:], ctx[-8:], request["continuation_tokens"], cont, len(ctx), len(request["context_tokens"]))
                token_checks += 1
                truncated += len(ctx) + len(cont) > max_positions + 1  # lm-eval cuts the input from the left
                ll = float(resp[0][0])
                diff = abs(request["loglikelihood"] - ll)
                # float32 logits of two forward passes: per-token log-probabilities a few 1e-6 apart
                tolerance = 2e-5 * len(cont) + 1e-5
                assert diff <= tolerance, (name, sample["doc_id"], request["loglikelihood"], ll)
                worst_ll = max(worst_ll, diff)
                worst_rel = max(worst_rel, diff / max(1e-9, abs(ll)))
                assert request["greedy"] == bool(resp[0][1]), (name, sample["doc_id"])
                requests += 1
            for metric in ("acc", "acc_norm"):
                if metric in sample:
                    assert doc["correct"][metric] == sample[metric], (name, sample["doc_id"], metric)
        for metric in ("acc", "acc_norm"):
            key = f"{metric},none"
            if key not in theirs["results"][name]:
                continue
            ours_m = task["metrics"][metric]
            assert ours_m["value"] == pytest.approx(theirs["results"][name][key], abs=1e-12), (name, metric)
            assert ours_m["stderr"] == pytest.approx(theirs["results"][name][f"{metric}_stderr,none"], abs=1e-12), (name, metric)
            metric_checks += 1
    for group in ours["groups"]:
        name = "qs_" + group["name"]
        assert group["metrics"]["acc"]["value"] == pytest.approx(theirs["results"][name]["acc,none"], abs=1e-12), name
        assert group["metrics"]["acc"]["stderr"] == pytest.approx(theirs["results"][name]["acc_stderr,none"], abs=1e-12), name
        metric_checks += 1
    assert requests == ours["requests"]
    if max_positions < 1000:
        assert truncated > 0, "the short model should see prompts longer than its maximum length"
    report(f"lm-eval 0.4.13, twelve tasks, {family} (BOS {bos}, max length {max_positions})", requests=requests,
           cut_to_max_length=truncated, prompts_identical=prompts, token_lists_identical=token_checks, max_abs_ll_diff=worst_ll,
           max_rel_ll_diff=worst_rel, metrics_equal=metric_checks)


def test_sweep_stores_lm_eval_scores(tmp_path, quantscope):
    """`quantscope sweep --downstream` on a revision imported as a run: the FP entry's stored log-likelihoods are
    lm-eval's (--limit 8 on both sides), every stored metric is the mean and standard error of the stored
    outcomes, and each quantized entry's relative accuracy drop and interval are the delta method's on the
    paired outcomes, recomputed here with numpy from what h5py reads."""
    import h5py
    import numpy as np
    os.environ.update(HF_DATASETS_OFFLINE="1", HF_HUB_OFFLINE="1", HF_DATASETS_CACHE=str(tmp_path / "hfcache"),
                      TOKENIZERS_PARALLELISM="false")
    data = str(tmp_path / "data")
    shutil.copytree(DATA, data)
    model = make_model(str(tmp_path / "rev" / "step1000"), "llama", True, 512)
    with open(tmp_path / "eval.txt", "w", encoding="utf-8") as f:
        f.write("\n".join(task_texts()[:400]))
    store = str(tmp_path / "s.h5")
    subprocess.run([quantscope, "import", "--store", store, "--run", "r", model, "--text", str(tmp_path / "eval.txt"),
                    "--val-sequences", "4"], check=True, capture_output=True)
    proc = subprocess.run([quantscope, "sweep", "--store", store, "--run", "r", "--quant", "rtn:3:g32",
                           "--quant", "rtn:4:g32:a4", "--downstream", "all", "--downstream-data", data, "--limit", "8",
                           "--threads", "2"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    names = lm_eval_tasks(str(tmp_path / "yaml"), data)
    import lm_eval
    from lm_eval.tasks import TaskManager
    theirs = lm_eval.simple_evaluate(model="hf", model_args=f"pretrained={model},dtype=float32", tasks=names,
                                     num_fewshot=5, batch_size=16, device="cpu", log_samples=True, limit=8,
                                     task_manager=TaskManager(include_path=str(tmp_path / "yaml")))
    with h5py.File(store, "r") as f:
        configs = f["runs/r/configs"]
        fp = configs["fp/downstream"]
        protocol = json.loads(fp.attrs["protocol"])
        assert protocol["limit"] == 8 and protocol["num_fewshot"] == 5
        # lm-eval's requests in the protocol's order: tasks as rendered, documents in order, choices in order.
        theirs_ll = []
        for task in protocol["rendered"]:
            for sample in sorted(theirs["samples"]["qs_" + task["name"]], key=lambda s: s["doc_id"]):
                theirs_ll += [float(r[0][0]) for r in sample["resps"]]
        ours_ll = fp["loglik"][0]
        assert len(ours_ll) == len(theirs_ll) == protocol["requests"]
        worst = float(np.max(np.abs(ours_ll - np.array(theirs_ll))))
        assert worst < 2e-4, worst
        fp_correct = {m: fp["correct"][m][0] for m in fp["correct"]}
        checked = 0
        mean_drops = {}
        for config in configs:
            ds = configs[config]["downstream"]
            assert ds["done"][0] == 1
            metrics = {k: ds["metrics"][k][0] for k in ds["metrics"]}
            correct = {m: ds["correct"][m][0].astype(float) for m in ds["correct"]}
            first = 0
            for task in protocol["rendered"]:
                n = task["documents"]
                for m, c in correct.items():
                    part = c[first:first + n]
                    assert metrics[f"{task['name']}.{m}"] == pytest.approx(part.mean(), abs=1e-12)
                    assert metrics[f"{task['name']}.{m}_se"] == pytest.approx(part.std(ddof=1) / math.sqrt(n), abs=1e-12)
                first += n
            assert first == len(correct["acc"])
            if config == "fp":
                continue
            # The drop of each task asked for, on its headline metric, paired with the FP outcomes.
            spans, first = {}, 0
            for task in protocol["rendered"]:
                key = "mmlu" if task["name"].startswith("mmlu_") else task["name"]
                lo, hi = spans.get(key, (first, first))
                spans[key] = (min(lo, first), first + task["documents"])
                first += task["documents"]
            drops = []
            for name in protocol["tasks"]:
                # acc_norm where lm-eval reports it for the task, acc elsewhere
                metric = "acc_norm" if "acc_norm,none" in theirs["results"]["qs_" + name] else "acc"
                lo, hi = spans[name]
                x = fp_correct[metric][lo:hi].astype(float)
                y = ds["correct"][metric][0][lo:hi].astype(float)
                a, b, n = x.mean(), y.mean(), len(x)
                drop = (a - b) / (1 - a)
                cov = np.cov(x, y, ddof=1)
                ga, gb = (1 - b) / (1 - a) ** 2, -1 / (1 - a)
                se = math.sqrt(max(0.0, ga * ga * cov[0, 0] + gb * gb * cov[1, 1] + 2 * ga * gb * cov[0, 1]) / n)
                assert metrics[f"{name}.rel_drop"] == pytest.approx(drop, abs=1e-12), (config, name)
                assert metrics[f"{name}.rel_drop_se"] == pytest.approx(se, abs=1e-12), (config, name)
                drops.append(drop)
                checked += 1
            assert metrics["mean.rel_drop"] == pytest.approx(sum(drops) / len(drops), abs=1e-12)
            mean_drops[config] = (metrics["mean.rel_drop"], metrics["mean.rel_drop_lo"], metrics["mean.rel_drop_hi"])
    report("sweep --downstream, 2 quantized configs, --limit 8", requests=len(ours_ll), max_abs_ll_diff_fp_vs_lm_eval=worst,
           relative_drops_recomputed=checked,
           **{f"mean_rel_drop_{k}": "%.3f [%.3f, %.3f]" % v for k, v in mean_drops.items()})
