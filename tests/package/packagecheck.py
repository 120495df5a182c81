# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""What check_package.py and install_package.py share: the application id, the list of failures and
the two helpers that fill it and run Debian's tools."""
import subprocess

APP_ID = "org.quantscope.QuantScope"
failures = []


def check(condition, message):
    """Records `message` as a failure unless `condition` holds; returns `condition`."""
    if not condition:
        failures.append(message)
    return condition


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, **kwargs)
