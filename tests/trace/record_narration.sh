#!/bin/sh
# Records tests/trace/narration/NAME.txt, the narration of every step of each seed program, with
# the native build's test binary. Read the diff against the memory view before committing it.
set -e
cd "$(dirname "$0")/../.."
STRIDELAB_RECORD_NARRATION=1 build/native/test_trace "every step of the seed programs is narrated as recorded" >/dev/null
git status --short tests/trace/narration
