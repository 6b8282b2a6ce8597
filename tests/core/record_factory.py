"""Records PyTorch's factories (arange in every dtype with int and float bounds, linspace, eye,
full) for tests/core/factory_test.cpp: sizes, dtype, values and errors."""
import torch

from oracle import record

env = {"torch": torch}

cases = {
    "arange_int": "torch.arange(0, 10, 3)",
    "arange_int_neg": "torch.arange(10, 0, -3)",
    "arange_float": "torch.arange(0, 1, 0.25)",
    "arange_float_end": "torch.arange(5.0)",
    "arange_float64": "torch.arange(0, 5, 2, dtype=torch.float64)",
    # an integer dtype truncates float bounds; int64 counts the elements from the truncated bounds,
    # the other dtypes from the exact ones
    "arange_int64_float_step": "torch.arange(0, 10, 2.5, dtype=torch.int64)",
    "arange_int32_float_step": "torch.arange(0, 10, 2.5, dtype=torch.int32)",
    "arange_int64_float_start": "torch.arange(0.5, 5, 1.5, dtype=torch.int64)",
    "arange_int32_float_start": "torch.arange(0.5, 5, 1.5, dtype=torch.int32)",
    "arange_int64_float_end": "torch.arange(1, 4.5, dtype=torch.int64)",
    "arange_int64_step_truncated_to_zero": "torch.arange(0, 2, 0.5, dtype=torch.int64)",
    "arange_float32_from_ints": "torch.arange(1, 4, dtype=torch.float32)",
    "arange_zero_step": "torch.arange(0, 5, 0)",
    "arange_wrong_sign": "torch.arange(0, 5, -1)",
    "linspace": "torch.linspace(0, 1, 5)",
    "linspace_one": "torch.linspace(3, 10, 1)",
    "linspace_zero": "torch.linspace(0, 10, 0)",
    "linspace_int": "torch.linspace(0, 10, 5, dtype=torch.int64)",
    "linspace_down": "torch.linspace(3, -3, 7)",
    "linspace_negative": "torch.linspace(0, 1, -1)",
    "eye": "torch.eye(3)",
    "eye_rect": "torch.eye(2, 3)",
    "eye_int": "torch.eye(3, 2, dtype=torch.int64)",
    "eye_bad": "torch.eye(-1)",
    "full_int": "torch.full((2, 2), 7)",
    "full_float": "torch.full((2,), 3.5)",
    "full_bool": "torch.full((2,), True)",
    "full_cast": "torch.full((2,), 1.5, dtype=torch.int64)",
}

record("factory", cases, env)
