"""Blocks: a procedure's instructions as they are compiled, cut into basic blocks, each one generated function."""
from __future__ import annotations

from typing import Any

import attrs


@attrs.define
class Block:
    """A basic block being made: its statements' lines, then at most one instruction (a closure `op(st, fr)`, or
    generated lines that start other code), then at most one jump or one branch."""

    lines: list = attrs.Factory(list)
    op: Any = None
    sets_pc: bool = False  # the instruction decides itself where its frame goes on
    jump: Any = None  # a Label
    branch: tuple | None = None  # (condition, Label, its mark): go on at the label unless the condition holds

    def ends(self) -> bool:
        """Whether anything after the statements is in it (then more statements start another block)."""
        return self.op is not None or self.jump is not None or self.branch is not None


class Code:
    """A procedure's instructions as they are compiled, then cut into basic blocks: each block is one
    generated function (its statements, then at most one instruction that asks someone or starts other
    code, then at most one jump).  Jump targets are the blocks' numbers, known once the code is complete."""

    def __init__(self, compiler, name: str):
        self.c = compiler
        self.name = name
        self.blocks: list[Block] = []
        self.cur = Block()
        # The mark (`# FILE:LINE:COL`) of the statement whose instruction is being compiled: generated lines of an
        # instruction and a branch's condition follow it, so that a failure in them is placed (interpreter.places).
        self.at: str | None = None

    def close(self) -> None:
        if self.cur.lines or self.cur.ends():
            self.blocks.append(self.cur)
            self.cur = Block()

    def native(self, lines: list[str]) -> None:
        if self.cur.ends():
            self.close()
        self.cur.lines.extend(lines)

    def append(self, op, sets_pc: bool = False) -> None:
        """An instruction of its own (a closure `op(state, frame)`, or Python lines that put other code on the
        stack); `sets_pc`: it decides itself where its frame goes on."""
        if self.cur.ends():
            self.close()
        if isinstance(op, list) and self.at is not None:
            op = [self.at, *op]
        self.cur.op, self.cur.sets_pc = op, sets_pc

    def jump(self, label) -> None:
        if self.cur.jump is not None or self.cur.branch is not None or self.cur.sets_pc:
            self.close()
        self.cur.jump = label
        self.close()

    def branch(self, cond: str, label) -> None:
        """Go on at `label` unless `cond` (Python source) holds."""
        if self.cur.ends():
            self.close()
        self.cur.branch = (cond, label, self.at)
        self.close()

    def place(self, label) -> None:
        self.close()
        label.pos = len(self.blocks)

    def done(self) -> tuple:
        self.close()
        blocks = self.blocks
        # Each block's name in the namespace, known before any is made: a block goes straight on into the next one
        # it runs (`_goes_on`).  A block that is one instruction and nothing else is that instruction itself.
        self.names = [self.c.const(b.op, "OP") if _bare(b) else f"B{next(self.c.fresh)}" for b in blocks]
        return tuple(self.block_fn(i, b, blocks) for i, b in enumerate(blocks))

    def goes_on(self, i: int, target: int, blocks: list, jumps: bool = True) -> list:
        """The lines that end block `i` and go on at block `target`: by calling it at once, as the machine's loop
        would (its frame still on top: nothing started other code), when the target lies further on, so that a
        run of blocks costs one turn of the loop (`machine.run`); else by the frame's pc, for the loop.
        `jumps=False`: the pc is already the target's (the block falls through)."""
        at = [f"fr.pc = {target}"] if jumps else []
        if target == len(blocks) > i:  # the procedure's end: its frame goes, as the machine's loop would take it off
            return [*at, "if st.stack[-1] is fr:", "    st.stack.pop()"]
        if not i < target < len(blocks) or len(blocks) > CHAIN_LIMIT:
            return at
        return ["if st.stack[-1] is fr:", f"    fr.pc = {target + 1}", f"    return {self.names[target]}(st, fr)", *at]

    def block_fn(self, i: int, b: Block, blocks: list):
        if _bare(b):
            return b.op
        lines = [*b.lines]
        if b.branch is not None:
            cond, label, at = b.branch
            lines += [*([at] if at else []), f"if not {cond}:",
                      *("    " + line for line in self.goes_on(i, _target(label.pos, blocks), blocks)), "    return"]
        if isinstance(b.op, list):  # generated lines that start other code (or, as a plain call, run it: `goes_on`)
            lines += b.op
            if b.jump is None:
                lines += self.goes_on(i, i + 1, blocks, jumps=False)
        elif b.op is not None:
            op = self.c.const(b.op, "OP")
            lines.append(f"return {op}(st, fr)" if b.sets_pc else f"if {op}(st, fr):\n        return True")
        if b.jump is None:
            if not isinstance(b.op, list) and not b.sets_pc:  # it falls through to the next block
                lines += self.goes_on(i, i + 1, blocks, jumps=False)
        else:
            target = _target(b.jump.pos, blocks)
            if target <= i:  # a loop going back: one step of the move's bound
                lines += ["st.steps += 1", "if st.steps > st.limit:", "    step(st, fr)"]
            t = blocks[target] if target < len(blocks) else None
            if t is not None and t.branch is not None and not t.lines and t.op is None:
                # a jump to a test (a loop's): the test is made here, one dispatch fewer
                cond, label, at = t.branch
                test = [*([at] if at else []), f"if {cond}:", f"    fr.pc = {target + 1}", "else:", f"    fr.pc = {_target(label.pos, blocks)}"]
                if b.op is None:
                    lines += test
                else:  # its instruction may have put other code on the stack (a procedure called): the test waits for it
                    lines += ["if st.stack[-1] is fr:", *("    " + line for line in test), "else:", f"    fr.pc = {target}"]
            else:
                lines += self.goes_on(i, target, blocks)
        name = self.names[i]
        # (the frame's locals named only where a line may read them: a line that names no `env` reads none)
        env = ["    env = fr.env"] if any("env" in line for line in lines) else []
        fn = self.c.define(name, [f"def {name}(st, fr):", f"    # block {i} of `{self.name}`", *env,
                                  *("    " + line for line in lines)])
        self.c.ns.setdefault(name, fn)  # (the same statements made before under another name: this name is it too)
        return fn


CHAIN_LIMIT = 120  # a procedure of more blocks than this goes through the machine's loop (Python's calls nest)


def _bare(b: Block) -> bool:
    """A block that is one instruction (a closure) and nothing else: the instruction is the block."""
    return callable(b.op) and not b.lines and b.jump is None


def _target(pos: int, blocks: list) -> int:
    """Where a jump lands, past blocks that only jump on."""
    seen = set()
    while pos < len(blocks) and pos not in seen:
        b = blocks[pos]
        if b.lines or b.op or b.branch or b.jump is None:
            break
        seen.add(pos)
        pos = b.jump.pos
    return pos
