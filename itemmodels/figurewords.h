// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The figure-export choices and the words that name them, in one table: the command line
// (`quantscope figure --size/--figure-style/--legend`, the output file's extension), Settings (which
// stores ExportChoices as these words, so the INI file stays readable) and the export dialog all read
// it. The enumerations live here, in the Qt-Core layer, so that Settings can check a stored word;
// the widget layer names them FigureFormat, FigureExportOptions::Size, FigureStyle::Kind and
// FigureStyle::Legend (widgets/plot/figureexport.h, figureview.h).

#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>
#include <span>

namespace qs {

enum class FigureFormat
{
    Pdf,
    Svg,
    Png,
    Csv, // the data behind the figure
};

enum class FigureSize
{
    SingleColumn, // FigureExportOptions::singleColumnWidth wide
    DoubleColumn, // FigureExportOptions::doubleColumnWidth wide
    Custom,       // FigureExportOptions::customWidth
};

enum class FigureKind
{
    Screen, // follows the widget palette
    Paper,  // black on white, the chosen font and line width
};

enum class FigureLegend
{
    Inside, // top right inside the axes, in as many columns as fit them
    Below,  // under the axes, in as many columns as fit the figure's width
    None,   // no legend, and no room kept for one
};

namespace figurewords {

template<typename Enum>
struct Word
{
    Enum value;
    const char* word;
};

// In the order the command line's help lists them; the first is the default.
inline constexpr Word<FigureFormat> formats[] = {
    {FigureFormat::Pdf, "pdf"}, {FigureFormat::Svg, "svg"}, {FigureFormat::Png, "png"}, {FigureFormat::Csv, "csv"}};
inline constexpr Word<FigureSize> sizes[] = {
    {FigureSize::SingleColumn, "single"}, {FigureSize::DoubleColumn, "double"}, {FigureSize::Custom, "custom"}};
inline constexpr Word<FigureKind> styles[] = {{FigureKind::Paper, "paper"}, {FigureKind::Screen, "screen"}};
inline constexpr Word<FigureLegend> legends[] = {
    {FigureLegend::Below, "below"}, {FigureLegend::Inside, "inside"}, {FigureLegend::None, "none"}};

constexpr std::span<const Word<FigureFormat>> table(FigureFormat)
{
    return formats;
}
constexpr std::span<const Word<FigureSize>> table(FigureSize)
{
    return sizes;
}
constexpr std::span<const Word<FigureKind>> table(FigureKind)
{
    return styles;
}
constexpr std::span<const Word<FigureLegend>> table(FigureLegend)
{
    return legends;
}

} // namespace figurewords

// The word for `value`: "png", "double", "paper", "inside".
template<typename Enum>
QString figureWord(Enum value)
{
    const auto words = figurewords::table(Enum {});
    for (const auto& w : words) {
        if (w.value == value)
            return QLatin1String(w.word);
    }
    return QLatin1String(words.front().word);
}

// The value `word` names (exactly: lower case, no spaces); nullopt for any other text.
template<typename Enum>
std::optional<Enum> figureWordValue(QStringView word)
{
    for (const auto& w : figurewords::table(Enum {})) {
        if (word == QLatin1String(w.word))
            return w.value;
    }
    return std::nullopt;
}

// Every word of one choice, in table order: "below", "inside", "none".
template<typename Enum>
QStringList figureWords()
{
    QStringList words;
    for (const auto& w : figurewords::table(Enum {}))
        words << QLatin1String(w.word);
    return words;
}

} // namespace qs
