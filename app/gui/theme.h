// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The application's look (View > Theme): the platform's own style and palette, or Fusion with a light
// or a dark palette. Applied to the whole application at once; the plot pages restyle themselves on
// the PaletteChange event that follows.

#include "itemmodels/settings.h"

#include <QPalette>

namespace qs {

void applyTheme(Settings::Theme theme);

// Fusion's palettes, with the disabled and placeholder colours a dark theme needs.
QPalette lightPalette();
QPalette darkPalette();

} // namespace qs
