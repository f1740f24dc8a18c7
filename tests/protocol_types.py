"""TypeScript declarations of the protocol's messages, made from its JSON Schema
(`bigtwo.server.protocol.schema`), for `tsc --checkJs` to check the page's code against:
``src/bigtwo/web/types/protocol.d.ts`` (written by ``python tests/protocol_types.py``; a test
checks it is current). Only what the schema says is turned into types: a JSON object without
fields is a record of unknown values."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from bigtwo.server.protocol import schema

OUT = Path(__file__).resolve().parents[1] / "src" / "bigtwo" / "web" / "types" / "protocol.d.ts"


def _type(shape: dict[str, Any]) -> str:
    if "$ref" in shape:
        return str(shape["$ref"].rsplit("/", 1)[1])
    if "const" in shape:
        return _literal(shape["const"])
    if "enum" in shape:
        return " | ".join(_literal(v) for v in shape["enum"])
    if "anyOf" in shape or "oneOf" in shape:
        return " | ".join(_type(s) for s in shape.get("anyOf", shape.get("oneOf")))
    kind = shape.get("type")
    if kind == "array" and "prefixItems" in shape:  # a tuple: a fixed length, each its type
        return f"[{', '.join(_type(s) for s in shape['prefixItems'])}]"
    if kind == "array":
        items = shape.get("items")
        return f"Array<{_type(items) if items else 'unknown'}>"
    if kind == "object":
        values = shape.get("additionalProperties")
        inner = _type(values) if isinstance(values, dict) and values else "unknown"
        return f"Record<string, {inner}>"
    simple = {"integer": "number", "number": "number", "string": "string",
              "boolean": "boolean", "null": "null"}  # fmt: skip
    return simple.get(str(kind), "unknown")


def _literal(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value).lower()


def _interface(name: str, shape: dict[str, Any]) -> str:
    required = set(shape.get("required", []))
    about = " ".join(shape.get("description", "").split())
    lines = [f"/** {about} */"] if about else []
    lines.append(f"export interface {name} {{")
    for field, inner in shape.get("properties", {}).items():
        optional = "" if field in required else "?"
        lines.append(f"  {field}{optional}: {_type(inner)};")
    lines.append("}")
    return "\n".join(lines)


def typescript() -> str:
    protocol = schema()
    parts = ["// Made from docs/protocol.schema.json by tests/protocol_types.py: do not edit.\n"]
    seen: set[str] = set()
    for side, union in (("client", "ClientMessage"), ("server", "ServerMessage")):
        defs = protocol[side]["$defs"]
        for name, shape in sorted(defs.items()):
            if name not in seen:
                seen.add(name)
                parts.append(_interface(name, shape) + "\n")
        members = sorted(str(ref).rsplit("/", 1)[1] for ref in
                         protocol[side]["discriminator"]["mapping"].values())  # fmt: skip
        parts.append(f"export type {union} = {' | '.join(members)};\n")
    return "\n".join(parts)


if __name__ == "__main__":
    OUT.write_text(typescript(), encoding="utf-8")
    print(f"wrote {OUT}")
