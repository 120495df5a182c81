#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes TensorBoard event files with an independent writer, for tst_traininglog.

The Event, Summary and TensorProto messages are built with Debian's python3-protobuf from a
FileDescriptorProto made here (field numbers and types as in tensorflow/core/util/event.proto,
framework/summary.proto, tensor.proto and tensor_shape.proto; there is no tensorboard package), plus
fields those protos do not have, which a reader must skip. Records are framed as TFRecord with a CRC-32C
computed bit by bit here (not table-driven). Writes into OUT:

  logs/events.out.tfevents.1000.host      the main file (summary values of every kind)
  logs/eval/events.out.tfevents.2000.host a second run folder (its tags read as eval/<tag>)
  expected.json                           {"tags": {tag: [[step, value], ...]} as read from logs/,
                                           "main": path, "records": [byte offset of every record of the
                                           main file], "nonfinite": {tag: count}}

Usage: tfevents_writer.py OUT
"""

import json
import math
import os
import struct
import sys

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

F = descriptor_pb2.FieldDescriptorProto


def crc32c(data):
    """CRC-32C (Castagnoli), reflected polynomial 0x82F63B78, one bit at a time."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
    return crc ^ 0xFFFFFFFF


def masked(data):
    crc = crc32c(data)
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


assert crc32c(b"123456789") == 0xE3069283, "CRC-32C check value"


def field(msg, name, number, ftype, label=F.LABEL_OPTIONAL, type_name=None, packed=None):
    f = msg.field.add(name=name, number=number, type=ftype, label=label)
    if type_name:
        f.type_name = type_name
    if packed is not None:
        f.options.packed = packed
    return f


def build_classes():
    fdp = descriptor_pb2.FileDescriptorProto(name="tbtest.proto", package="tbtest", syntax="proto3")
    R = F.LABEL_REPEATED

    shape = fdp.message_type.add(name="TensorShapeProto")
    dim = shape.nested_type.add(name="Dim")
    field(dim, "size", 1, F.TYPE_INT64)
    field(dim, "name", 2, F.TYPE_STRING)
    field(shape, "dim", 2, F.TYPE_MESSAGE, R, ".tbtest.TensorShapeProto.Dim")
    field(shape, "unknown_rank", 3, F.TYPE_BOOL)

    for name, packed in (("TensorProto", None), ("UnpackedTensorProto", False)):
        t = fdp.message_type.add(name=name)
        field(t, "dtype", 1, F.TYPE_INT32)
        field(t, "tensor_shape", 2, F.TYPE_MESSAGE, type_name=".tbtest.TensorShapeProto")
        field(t, "version_number", 3, F.TYPE_INT32)
        field(t, "tensor_content", 4, F.TYPE_BYTES)
        field(t, "float_val", 5, F.TYPE_FLOAT, R, packed=packed)
        field(t, "double_val", 6, F.TYPE_DOUBLE, R, packed=packed)
        field(t, "int_val", 7, F.TYPE_INT32, R, packed=packed)
        field(t, "string_val", 8, F.TYPE_BYTES, R)
        field(t, "int64_val", 10, F.TYPE_INT64, R, packed=packed)

    meta = fdp.message_type.add(name="SummaryMetadata")
    plugin = meta.nested_type.add(name="PluginData")
    field(plugin, "plugin_name", 1, F.TYPE_STRING)
    field(plugin, "content", 2, F.TYPE_BYTES)
    field(meta, "plugin_data", 1, F.TYPE_MESSAGE, type_name=".tbtest.SummaryMetadata.PluginData")
    field(meta, "display_name", 2, F.TYPE_STRING)

    for name, tensor_type in (("Summary", ".tbtest.TensorProto"), ("UnpackedSummary", ".tbtest.UnpackedTensorProto")):
        summary = fdp.message_type.add(name=name)
        value = summary.nested_type.add(name="Value")
        field(value, "node_name", 7, F.TYPE_STRING)
        field(value, "tag", 1, F.TYPE_STRING)
        field(value, "metadata", 9, F.TYPE_MESSAGE, type_name=".tbtest.SummaryMetadata")
        value.oneof_decl.add(name="value")
        for f in (
            field(value, "simple_value", 2, F.TYPE_FLOAT),
            field(value, "obsolete_old_style_histogram", 3, F.TYPE_BYTES),
            field(value, "tensor", 8, F.TYPE_MESSAGE, type_name=tensor_type),
        ):
            f.oneof_index = 0
        # Not in summary.proto: a reader must skip it.
        field(value, "future_extra", 50, F.TYPE_INT64)
        field(summary, "value", 1, F.TYPE_MESSAGE, R, f".tbtest.{name}.Value")

    for name, summary_type in (("Event", ".tbtest.Summary"), ("UnpackedEvent", ".tbtest.UnpackedSummary")):
        event = fdp.message_type.add(name=name)
        field(event, "wall_time", 1, F.TYPE_DOUBLE)
        field(event, "step", 2, F.TYPE_INT64)
        event.oneof_decl.add(name="what")
        for f in (
            field(event, "file_version", 3, F.TYPE_STRING),
            field(event, "graph_def", 4, F.TYPE_BYTES),
            field(event, "summary", 5, F.TYPE_MESSAGE, type_name=summary_type),
        ):
            f.oneof_index = 0
        # Not in event.proto: a reader must skip them (every wire type but groups).
        field(event, "future_varint", 90, F.TYPE_UINT64)
        field(event, "future_fixed32", 91, F.TYPE_FIXED32)
        field(event, "future_fixed64", 92, F.TYPE_SFIXED64)
        field(event, "future_bytes", 93, F.TYPE_BYTES)

    pool = descriptor_pool.DescriptorPool()
    pool.Add(fdp)
    factory = message_factory.MessageFactory(pool)

    def cls(name):
        desc = pool.FindMessageTypeByName("tbtest." + name)
        get = getattr(message_factory, "GetMessageClass", None)
        return get(desc) if get else factory.GetPrototype(desc)

    return {n: cls(n) for n in ("Event", "UnpackedEvent")}


def f32(x):
    """x as a float32 reads it back."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


class Writer:
    def __init__(self, path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        self.path = path
        self.out = open(path, "wb")
        self.offsets = []

    def write(self, event):
        data = event.SerializeToString()
        header = struct.pack("<Q", len(data))
        self.offsets.append(self.out.tell())
        self.out.write(header + struct.pack("<I", masked(header)) + data + struct.pack("<I", masked(data)))

    def close(self):
        self.out.close()


DT_FLOAT, DT_DOUBLE, DT_INT32, DT_STRING, DT_INT64 = 1, 2, 3, 7, 9


def main(out):
    classes = build_classes()
    Event, UnpackedEvent = classes["Event"], classes["UnpackedEvent"]
    expected = {}
    nonfinite = {}

    def expect(tag, step, value):
        if not math.isfinite(value):
            nonfinite[tag] = nonfinite.get(tag, 0) + 1
            return
        points = expected.setdefault(tag, {})
        points[step] = value  # the last value written for a step wins

    main_path = os.path.join(out, "logs", "events.out.tfevents.1000.host")
    w = Writer(main_path)
    w.write(Event(wall_time=1000.0, file_version="brain.Event:2", future_varint=7))
    for step in range(0, 300, 20):
        # tf.summary v1 / SummaryWriter.add_scalar: simple_value (float32).
        lr = 3e-4 * min(1.0, (step + 1) / 100.0) * (0.5 * (1 + math.cos(math.pi * step / 300)))
        loss = 10.0 * math.exp(-step / 120.0) + 2.0
        ev = Event(wall_time=1000.0 + step, step=step, future_fixed32=5, future_bytes=b"\x00\xff")
        v = ev.summary.value.add(tag="train/lr", simple_value=lr, future_extra=-3)
        v.metadata.plugin_data.plugin_name = "scalars"
        ev.summary.value.add(tag="train/loss", simple_value=loss)
        w.write(ev)
        expect("train/lr", step, f32(lr))
        expect("train/loss", step, f32(loss))
        # tf.summary v2: a rank-0 float tensor in tensor_content, a double in double_val.
        ev = Event(wall_time=1000.5 + step, step=step, future_fixed64=-9)
        t = ev.summary.value.add(tag="optim/grad_norm").tensor
        t.dtype = DT_FLOAT
        t.tensor_content = struct.pack("<f", 1.0 + step / 1000.0)
        expect("optim/grad_norm", step, f32(1.0 + step / 1000.0))
        t = ev.summary.value.add(tag="tokens_seen").tensor
        t.dtype = DT_DOUBLE
        t.double_val.append(step * 4096.5)
        expect("tokens_seen", step, step * 4096.5)
        # A [1]-shaped float in (packed) float_val, a double in tensor_content, an int64.
        t = ev.summary.value.add(tag="eval/acc").tensor
        t.dtype = DT_FLOAT
        t.tensor_shape.dim.add(size=1)
        t.float_val.append(0.25 + step / 1000.0)
        expect("eval/acc", step, f32(0.25 + step / 1000.0))
        t = ev.summary.value.add(tag="throughput").tensor
        t.dtype = DT_DOUBLE
        t.tensor_content = struct.pack("<d", 12345.678 + step)
        expect("throughput", step, 12345.678 + step)
        t = ev.summary.value.add(tag="batch_tokens").tensor
        t.dtype = DT_INT64
        t.int64_val.append(4096 * 1024)
        expect("batch_tokens", step, 4096 * 1024)
        # Not scalars: a histogram-shaped tensor, a text summary, an old-style histogram.
        t = ev.summary.value.add(tag="hist/weights").tensor
        t.dtype = DT_DOUBLE
        t.tensor_shape.dim.add(size=4)
        t.tensor_shape.dim.add(size=3)
        t.double_val.extend([float(i) for i in range(12)])
        t = ev.summary.value.add(tag="text/note").tensor
        t.dtype = DT_STRING
        t.string_val.append(b"hello")
        ev.summary.value.add(tag="hist/old", obsolete_old_style_histogram=b"\x08\x01")
        w.write(ev)
        # Unpacked repeated floats (proto2-style writers), in their own Event.
        ev = UnpackedEvent(wall_time=1000.7 + step, step=step)
        t = ev.summary.value.add(tag="unpacked/x").tensor
        t.dtype = DT_FLOAT
        t.float_val.append(-1.5 - step)
        expect("unpacked/x", step, f32(-1.5 - step))
        w.write(ev)
    # A diverged step and a rewritten one (a resumed run): NaN is left out, the later value wins.
    ev = Event(wall_time=2000.0, step=300)
    ev.summary.value.add(tag="train/loss", simple_value=float("nan"))
    w.write(ev)
    expect("train/loss", 300, float("nan"))
    ev = Event(wall_time=2001.0, step=280)
    ev.summary.value.add(tag="train/loss", simple_value=1.25)
    w.write(ev)
    expect("train/loss", 280, f32(1.25))
    w.close()
    records = w.offsets

    # A second run folder: its tags read as eval/<tag>.
    w = Writer(os.path.join(out, "logs", "eval", "events.out.tfevents.2000.host"))
    w.write(Event(wall_time=1.0, file_version="brain.Event:2"))
    for step in (100, 200, 300):
        ev = Event(wall_time=float(step), step=step)
        ev.summary.value.add(tag="loss", simple_value=3.0 - step / 1000.0)
        w.write(ev)
        expect("eval/loss", step, f32(3.0 - step / 1000.0))
    w.close()

    doc = {
        "tags": {tag: sorted([s, v] for s, v in pts.items()) for tag, pts in expected.items()},
        "main": main_path,
        "records": records,
        "nonfinite": nonfinite,
    }
    with open(os.path.join(out, "expected.json"), "w") as f:
        json.dump(doc, f)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
