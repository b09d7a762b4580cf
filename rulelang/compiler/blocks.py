"""Blocks: a procedure's instructions as they are compiled, cut into basic blocks, each one generated function."""
from __future__ import annotations


class Code:
    """A procedure's instructions as they are compiled, then cut into basic blocks: each block is one
    generated function (its statements, then at most one instruction that asks someone or starts other
    code, then at most one jump).  Jump targets are the blocks' numbers, known once the code is complete."""

    def __init__(self, compiler, name: str):
        self.c = compiler
        self.name = name
        self.pieces: list = []

    def native(self, lines: list[str]) -> None:
        self.pieces.append(("lines", lines))

    def append(self, op, sets_pc: bool = False) -> None:
        """An instruction of its own (a closure `op(state, frame)`, or Python lines that put other code on the
        stack); `sets_pc`: it decides itself where its frame goes on."""
        self.pieces.append(("op", op, sets_pc))

    def jump(self, label) -> None:
        self.pieces.append(("jump", label))

    def branch(self, cond: str, label) -> None:
        """Go on at `label` unless `cond` (Python source) holds."""
        self.pieces.append(("branch", cond, label))

    def place(self, label) -> None:
        self.pieces.append(("label", label))

    def done(self) -> tuple:
        blocks: list[dict] = []
        cur = _block()

        def close():
            nonlocal cur
            if cur["lines"] or cur["op"] or cur["jump"] or cur["branch"]:
                blocks.append(cur)
                cur = _block()

        for piece in self.pieces:
            kind = piece[0]
            if kind == "label":
                close()
                piece[1].pos = len(blocks)
            elif kind == "lines":
                if cur["op"] or cur["jump"] or cur["branch"]:
                    close()
                cur["lines"].extend(piece[1])
            elif kind == "op":
                if cur["op"] or cur["jump"] or cur["branch"]:
                    close()
                cur["op"], cur["sets_pc"] = piece[1], piece[2]
            elif kind == "jump":
                if cur["jump"] or cur["branch"] or cur["sets_pc"]:
                    close()
                cur["jump"] = piece[1]
                close()
            else:
                if cur["op"] or cur["jump"] or cur["branch"]:
                    close()
                cur["branch"] = (piece[1], piece[2])
                close()
        close()
        return tuple(self.block_fn(i, b, blocks) for i, b in enumerate(blocks))

    def block_fn(self, i: int, b: dict, blocks: list):
        if callable(b["op"]) and not b["lines"] and b["jump"] is None:
            return b["op"]
        lines = [*b["lines"]]
        if b["branch"] is not None:
            cond, label = b["branch"]
            lines += [f"if not {cond}:", f"    fr.pc = {_target(label.pos, blocks)}"]
        if isinstance(b["op"], list):  # generated lines that start other code
            lines += b["op"]
        elif b["op"] is not None:
            op = self.c.const(b["op"], "OP")
            lines.append(f"return {op}(st, fr)" if b["sets_pc"] else f"if {op}(st, fr):\n        return True")
        if b["jump"] is not None:
            target = _target(b["jump"].pos, blocks)
            if target <= i:  # a loop going back: one step of the move's bound
                lines += ["st.steps += 1", "if st.steps > st.limit:", "    step(st, fr)"]
            t = blocks[target] if target < len(blocks) else None
            if t is not None and t["branch"] is not None and not t["lines"] and t["op"] is None:
                # a jump to a test (a loop's): the test is made here, one dispatch fewer
                cond, label = t["branch"]
                lines += [f"if {cond}:", f"    fr.pc = {target + 1}", "else:", f"    fr.pc = {_target(label.pos, blocks)}"]
            else:
                lines.append(f"fr.pc = {target}")
        name = f"B{next(self.c.fresh)}"
        return self.c.define(name, [f"def {name}(st, fr):", f"    # block {i} of `{self.name}`", "    env = fr.env",
                                    *("    " + line for line in lines)])


def _block() -> dict:
    return {"lines": [], "op": None, "sets_pc": False, "jump": None, "branch": None}


def _target(pos: int, blocks: list) -> int:
    """Where a jump lands, past blocks that only jump on."""
    seen = set()
    while pos < len(blocks) and pos not in seen:
        b = blocks[pos]
        if b["lines"] or b["op"] or b["branch"] or b["jump"] is None:
            break
        seen.add(pos)
        pos = b["jump"].pos
    return pos
