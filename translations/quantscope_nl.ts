<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="nl" sourcelanguage="en">
<context>
    <name>CheckpointFolder</name>
    <message>
        <location filename="../itemmodels/checkpointfolder.cpp" line="+59"/>
        <source>%1 is not a folder</source>
        <translation>%1 is geen map</translation>
    </message>
    <message numerus="yes">
        <location line="+23"/>
        <source>No results store uses the checkpoints in %1 (looked at %n store(s) in it, next to it and among the recent ones). Sweep them into a store first: quantscope sweep --store S --run R</source>
        <translation>
            <numerusform>Geen resultatenopslag gebruikt de checkpoints in %1 (%n opslag bekeken in de map, ernaast en bij de recente). Sweep ze eerst in een opslag: quantscope sweep --store S --run R</numerusform>
            <numerusform>Geen resultatenopslag gebruikt de checkpoints in %1 (%n opslagen bekeken in de map, ernaast en bij de recente). Sweep ze eerst in een opslag: quantscope sweep --store S --run R</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FigureExport</name>
    <message>
        <location filename="../widgets/plot/figureexport.cpp" line="+47"/>
        <source>Cannot write %1: %2</source>
        <translation>Kan %1 niet schrijven: %2</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>QuantScope</source>
        <translation>QuantScope</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>QuantScope figure</source>
        <translation>QuantScope-figuur</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Cannot export %1: a figure is saved as .pdf, .svg or .png</source>
        <translation>Kan %1 niet exporteren: een figuur wordt opgeslagen als .pdf, .svg of .png</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot export %1: there is no plot to export</source>
        <translation>Kan %1 niet exporteren: er is geen grafiek om te exporteren</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cannot export %1: a figure of %2 × %3 in is out of range (at most %4 in a side)</source>
        <translation>Kan %1 niet exporteren: een figuur van %2 × %3 in valt buiten het bereik (hoogstens %4 in per zijde)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot export %1: %2 dpi is out of range (%3 to %4, at most %5 pixels a side)</source>
        <translation>Kan %1 niet exporteren: %2 dpi valt buiten het bereik (%3 tot %4, hoogstens %5 pixels per zijde)</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+26"/>
        <source>drawing the figure failed</source>
        <translation>het tekenen van de figuur is mislukt</translation>
    </message>
    <message>
        <location line="+22"/>
        <location line="+51"/>
        <source>Cannot export %1: unknown figure format &quot;%2&quot; (use .pdf, .svg or .png)</source>
        <translation>Kan %1 niet exporteren: onbekend figuurformaat &quot;%2&quot; (gebruik .pdf, .svg of .png)</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Cannot export %1: the %2 view shows nothing</source>
        <translation>Kan %1 niet exporteren: de weergave %2 toont niets</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cannot export %1: the %2 view shows no data</source>
        <translation>Kan %1 niet exporteren: de weergave %2 toont geen gegevens</translation>
    </message>
    <message>
        <location filename="../widgets/pages/figurepages.cpp" line="+101"/>
        <source>Cannot export %1: unknown metric &quot;%2&quot; (use one of %3)</source>
        <translation>Kan %1 niet exporteren: onbekende maat &quot;%2&quot; (gebruik een van %3)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot export %1: the store %2 holds no runs</source>
        <translation>Kan %1 niet exporteren: het resultatenbestand %2 bevat geen runs</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot export %1: the store %2 has no run named &quot;%3&quot;</source>
        <translation>Kan %1 niet exporteren: het resultatenbestand %2 heeft geen run met de naam &quot;%3&quot;</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot export %1: this build has no trajectory view</source>
        <translation>Kan %1 niet exporteren: deze build heeft geen trajectweergave</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cannot export %1: no run is shown</source>
        <translation>Kan %1 niet exporteren: er wordt geen run getoond</translation>
    </message>
</context>
<context>
    <name>qs::AboutDialog</name>
    <message>
        <location filename="../app/gui/helpwindows.cpp" line="+64"/>
        <source>About QuantScope</source>
        <translation>Over QuantScope</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>A workbench for how an LLM&apos;s training dynamics change how much it suffers from quantization: every checkpoint of a trajectory quantized, measured and shown.</source>
        <translation>Een werkbank om te zien hoe de trainingsdynamiek van een LLM bepaalt hoeveel het lijdt onder kwantisatie: elk checkpoint van een traject gekwantiseerd, gemeten en getoond.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Running with:</source>
        <translation>Draait met:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It implements the methods of:</source>
        <translation>Het implementeert de methoden van:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Free software under the GNU General Public License, version 3 or later.</source>
        <translation>Vrije software onder de GNU General Public License, versie 3 of later.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Copy Versions</source>
        <translation>Versies &amp;kopiëren</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy the versions, e.g. for a bug report or a paper&apos;s methods section</source>
        <translation>De versies kopiëren, bijv. voor een foutrapport of de methodensectie van een artikel</translation>
    </message>
</context>
<context>
    <name>qs::BreakdownPage</name>
    <message>
        <location filename="../widgets/pages/breakdownpage.cpp" line="+40"/>
        <source>down (FC2)</source>
        <translation>down (FC2)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Metric:</source>
        <translation>&amp;Maat:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>per layer</source>
        <translation>per laag</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>per module kind (mean over blocks)</source>
        <translation>per moduletype (gemiddeld over de blokken)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Bars:</source>
        <translation>&amp;Staven:</translation>
    </message>
    <message>
        <location line="+560"/>
        <source>weight
only</source>
        <translation>alleen
gewichten</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>activation
only</source>
        <translation>alleen
activaties</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>both</source>
        <translation>beide</translation>
    </message>
    <message>
        <location line="-509"/>
        <location line="+273"/>
        <source>weight-only + activation-only</source>
        <translation>alleen gewichten + alleen activaties</translation>
    </message>
    <message>
        <location line="-105"/>
        <source>block (bars: module kinds in block order)</source>
        <translation>blok (staven: moduletypen in blokvolgorde)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>block</source>
        <translation>blok</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>module kind (mean over blocks)</source>
        <translation>moduletype (gemiddeld over de blokken)</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>This store holds no runs</source>
        <translation>Dit resultatenbestand bevat geen runs</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open</source>
        <translation>Geen resultatenbestand geopend</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>full-precision model</source>
        <translation>model met volledige precisie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no config</source>
        <translation>geen configuratie</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (not computed at this checkpoint)</source>
        <translation>%1 (niet berekend bij deze checkpoint)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (ranks the layers as the measured leave-one-in KL with Spearman ρ = %2)</source>
        <translation>%1 (rangschikt de lagen als de gemeten KL met alleen die laag, Spearman ρ = %2)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, step %2: %3, %4</source>
        <translation>%1, stap %2: %3, %4</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>W only + A only</source>
        <translation>alleen W + alleen A</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No weight-only / activation-only / both trio for this config in the run</source>
        <translation>De run heeft voor deze configuratie geen trio alleen gewichten / alleen activaties / beide</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Decomposition: %1 + %2 vs %3</source>
        <translation>Decompositie: %1 + %2 tegenover %3</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1: both / sum = %2</source>
        <translation>%1: beide / som = %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: not computed at this checkpoint</source>
        <translation>%1: niet berekend bij deze checkpoint</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>not computed</source>
        <translation>niet berekend</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1
block %2 · %3
%4: %5</source>
        <translation>%1
blok %2 · %3
%4: %5</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%1 layers
%2: %3, mean over %n block(s)</source>
        <translation>
            <numerusform>%1 lagen
%2: %3, gemiddeld over %n blok</numerusform>
            <numerusform>%1 lagen
%2: %3, gemiddeld over %n blokken</numerusform>
        </translation>
    </message>
    <message>
        <location line="+120"/>
        <source>W+A</source>
        <translation>W+A</translation>
    </message>
</context>
<context>
    <name>qs::ClusterStatus</name>
    <message>
        <location filename="../app/gui/clusterstatus.cpp" line="+35"/>
        <source>The tasks of the sweep submitted to the cluster (quantscope status)</source>
        <translation>De taken van de sweep die naar het cluster is gestuurd (quantscope status)</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Cluster: cannot read the plan</source>
        <translation>Cluster: het plan is niet leesbaar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cluster: %1 of %2 tasks done</source>
        <translation>Cluster: %1 van %2 taken klaar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 running</source>
        <translation>%1 bezig</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 pending</source>
        <translation>%1 wachtend</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 failed</source>
        <translation>%1 mislukt</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source> · %n entries not merged</source>
        <translation>
            <numerusform> · %n resultaat niet samengevoegd</numerusform>
            <numerusform> · %n resultaten niet samengevoegd</numerusform>
        </translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Cluster Tasks</source>
        <translation>Clustertaken</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Task</source>
        <translation>Taak</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Entries</source>
        <translation>Resultaten</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Log and last error</source>
        <translation>Log en laatste fout</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Refresh</source>
        <translation>&amp;Vernieuwen</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Shards in %1: %2 tasks; done %3, running %4, pending %5, failed %6, not submitted %7.</source>
        <translation>Shards in %1: %2 taken; klaar %3, bezig %4, wachtend %5, mislukt %6, niet ingediend %7.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No queue information (%1).</source>
        <translation>Geen wachtrij-informatie (%1).</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>The views show %n entries of the shards that are not merged yet (quantscope merge).</source>
        <translation>
            <numerusform>De weergaven tonen %n resultaat uit de shards dat nog niet is samengevoegd (quantscope merge).</numerusform>
            <numerusform>De weergaven tonen %n resultaten uit de shards die nog niet zijn samengevoegd (quantscope merge).</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Submit the unfinished tasks again: quantscope submit --store %1 --resubmit.</source>
        <translation>Dien de onvoltooide taken opnieuw in: quantscope submit --store %1 --resubmit.</translation>
    </message>
</context>
<context>
    <name>qs::CoefficientModel</name>
    <message>
        <location filename="../itemmodels/coefficientmodel.cpp" line="+65"/>
        <source>published</source>
        <translation>gepubliceerd</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fit</source>
        <translation>fit</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>user edit</source>
        <translation>gebruikersaanpassing</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+45"/>
        <source>unset</source>
        <translation>niet ingesteld</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>%1 (name in JSON and on the command line: %2)</source>
        <translation>%1 (naam in JSON en op de opdrachtregel: %2)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Double-click to edit; clear the cell to unset the coefficient</source>
        <translation>Dubbelklik om te bewerken; maak de cel leeg om de coëfficiënt niet in te stellen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not known: fit the law to data, load a fitted law, or type a value</source>
        <translation>Onbekend: fit de wet op gegevens, laad een gefitte wet of typ een waarde</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>[%1, %2]</source>
        <translation>[%1, %2]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bootstrap 95 % percentile interval of the fit</source>
        <translation>Bootstrap-95%-percentielinterval van de fit</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Coefficient</source>
        <translation>Coëfficiënt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Value</source>
        <translation>Waarde</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Source</source>
        <translation>Herkomst</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reference</source>
        <translation>Bronvermelding</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>95 % CI</source>
        <translation>95%-BI</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>edited by hand</source>
        <translation>met de hand bewerkt</translation>
    </message>
</context>
<context>
    <name>qs::DocumentationWindow</name>
    <message>
        <location filename="../app/gui/helpwindows.cpp" line="+80"/>
        <source>QuantScope Documentation</source>
        <translation>QuantScope-documentatie</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>%1 is not part of the documentation shipped with QuantScope; it is in QuantScope&apos;s source tree.</source>
        <translation>%1 hoort niet bij de documentatie die met QuantScope wordt meegeleverd; het staat in de broncode van QuantScope.</translation>
    </message>
</context>
<context>
    <name>qs::ExportDialog</name>
    <message>
        <location filename="../widgets/dialogs/exportdialog.cpp" line="+42"/>
        <source> in</source>
        <translation> in</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Export Figure</source>
        <translation>Figuur exporteren</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PDF (vector)</source>
        <translation>PDF (vector)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SVG (vector)</source>
        <translation>SVG (vector)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG (raster)</source>
        <translation>PNG (raster)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV (the data behind the plot)</source>
        <translation>CSV (de gegevens achter de grafiek)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>single column (%1 in wide)</source>
        <translation>één kolom (%1 in breed)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>double column (%1 in wide)</source>
        <translation>twee kolommen (%1 in breed)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>custom</source>
        <translation>aangepast</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>auto (%1 × width)</source>
        <translation>auto (%1 × breedte)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>paper: black on white, the font and lines below</source>
        <translation>paper: zwart op wit, met het lettertype en de lijnen hieronder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>screen: as shown</source>
        <translation>scherm: zoals getoond</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+7"/>
        <source> pt</source>
        <translation> pt</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>below the plot</source>
        <translation>onder de grafiek</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>inside, top right</source>
        <translation>binnen, rechtsboven</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>geen</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Output</source>
        <translation>Uitvoer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Format:</source>
        <translation>&amp;Formaat:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Size:</source>
        <translation>&amp;Grootte:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Width:</source>
        <translation>&amp;Breedte:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Height:</source>
        <translation>&amp;Hoogte:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Resolution:</source>
        <translation>&amp;Resolutie:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Style</source>
        <translation>Stijl</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S&amp;tyle:</source>
        <translation>S&amp;tijl:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>F&amp;ont:</source>
        <translation>L&amp;ettertype:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Font si&amp;ze:</source>
        <translation>Lettergr&amp;ootte:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Line width:</source>
        <translation>&amp;Lijndikte:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L&amp;egend:</source>
        <translation>Lege&amp;nda:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Export…</source>
        <translation>E&amp;xporteren…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Vector formats keep text as text and scale without loss; CSV saves the numbers the plot shows</source>
        <translation>Vectorformaten houden tekst als tekst en schalen zonder verlies; CSV slaat de getallen op die de grafiek toont</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Journal column widths; the figure is made at this physical size, so fonts keep their point size when it is placed at 100 %</source>
        <translation>Kolombreedtes van tijdschriften; de figuur wordt op deze fysieke grootte gemaakt, zodat lettertypen hun puntgrootte houden wanneer ze op 100 % wordt geplaatst</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leave at &quot;auto&quot; for %1 × the width</source>
        <translation>Laat op &quot;auto&quot; staan voor %1 × de breedte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pixels per inch of the PNG (300 for print)</source>
        <translation>Pixels per inch van de PNG (300 voor druk)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paper: black on white with the font, line width and legend chosen here. Screen: the plot as the page shows it, at the size chosen above</source>
        <translation>Paper: zwart op wit met het lettertype, de lijndikte en de legenda die hier gekozen zijn. Scherm: de grafiek zoals de pagina hem toont, op de hierboven gekozen grootte</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SVG (*.svg)</source>
        <translation>SVG (*.svg)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PNG (*.png)</source>
        <translation>PNG (*.png)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 × %2 in (%3 × %4 mm)</source>
        <translation>%1 × %2 in (%3 × %4 mm)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>, %1 × %2 px</source>
        <translation>, %1 × %2 px</translation>
    </message>
</context>
<context>
    <name>qs::FileActions</name>
    <message>
        <location filename="../app/gui/fileactions.cpp" line="+67"/>
        <location line="+30"/>
        <source>Saved %1</source>
        <translation>%1 opgeslagen</translation>
    </message>
    <message>
        <location line="-25"/>
        <location line="+22"/>
        <location line="+64"/>
        <source>Cannot export figure</source>
        <translation>Kan figuur niet exporteren</translation>
    </message>
    <message>
        <location line="-74"/>
        <source>Open Store</source>
        <translation>Resultatenbestand openen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QuantScope stores (*.h5 *.hdf5);;All files (*)</source>
        <translation>QuantScope-resultatenbestanden (*.h5 *.hdf5);;Alle bestanden (*)</translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+20"/>
        <source>Export %1</source>
        <translation>%1 exporteren</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Saving %1…</source>
        <translation>%1 opslaan…</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Cannot open checkpoints</source>
        <translation>Kan de checkpoints niet openen</translation>
    </message>
    <message numerus="yes">
        <location line="+21"/>
        <source>Imported %n revision(s) as run %1; File &gt; Run Sweep quantizes them</source>
        <translation>
            <numerusform>%n revisie geïmporteerd als run %1; Bestand &gt; Sweep uitvoeren kwantiseert die</numerusform>
            <numerusform>%n revisies geïmporteerd als run %1; Bestand &gt; Sweep uitvoeren kwantiseert ze</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Importing run %1…</source>
        <translation>Run %1 importeren…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Import failed</source>
        <translation>Importeren mislukt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Import cancelled</source>
        <translation>Importeren geannuleerd</translation>
    </message>
</context>
<context>
    <name>qs::FitJob</name>
    <message>
        <location filename="../itemmodels/jobs/fitjob.cpp" line="+21"/>
        <source>Preparing the fit of %1 points</source>
        <translation>Fit van %1 punten voorbereiden</translation>
    </message>
</context>
<context>
    <name>qs::HeatmapPage</name>
    <message>
        <location filename="../widgets/pages/heatmappage.cpp" line="+122"/>
        <source>%1 (FP reference)</source>
        <translation>%1 (FP-referentie)</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>&amp;Metric:</source>
        <translation>&amp;Maat:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>by block</source>
        <translation>per blok</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>by module kind</source>
        <translation>per moduletype</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rows block by block (q k v o gate up down of block 0, then block 1, …), or kind by kind (every block&apos;s q, then every k, …, FC2 = down last)</source>
        <translation>Rijen blok per blok (q k v o gate up down van blok 0, dan blok 1, …) of type per type (de q van elk blok, dan elke k, …, FC2 = down als laatste)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Rows:</source>
        <translation>&amp;Rijen:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Log colours</source>
        <translation>&amp;Logkleuren</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Map colours on a logarithmic scale, for metrics spanning decades such as the input kurtosis; cells ≤ 0 are then drawn grey</source>
        <translation>Kleuren op een logaritmische schaal, voor maten die decaden beslaan zoals de inputkurtosis; cellen ≤ 0 worden dan grijs getekend</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>checkpoint (training step)</source>
        <translation>checkpoint (trainingsstap)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>layer (block·kind)</source>
        <translation>laag (blok·type)</translation>
    </message>
    <message>
        <location line="+187"/>
        <source>block %1 · %2 · checkpoint %3, step %4</source>
        <translation>blok %1 · %2 · checkpoint %3, stap %4</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: not available, the run has no full-precision reference (config &quot;fp&quot;)</source>
        <translation>%1: niet beschikbaar, de run heeft geen referentie met volledige precisie (configuratie &quot;fp&quot;)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: not computed, checkpoint %2 has not been swept with %3 yet</source>
        <translation>%1: niet berekend, checkpoint %2 is nog niet met %3 gesweept</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: no value, %2 leaves this layer in full precision or the metric does not apply to it</source>
        <translation>%1: geen waarde, %2 laat deze laag in volledige precisie of de maat is er niet op van toepassing</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(≤ 0: drawn grey on the log colour scale)</source>
        <translation>(≤ 0: grijs getekend op de logaritmische kleurschaal)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(measured on the full-precision model&apos;s inputs)</source>
        <translation>(gemeten op de inputs van het model met volledige precisie)</translation>
    </message>
    <message>
        <location line="+142"/>
        <source>%1, log scale</source>
        <translation>%1, logaritmische schaal</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>This store holds no runs</source>
        <translation>Dit resultatenbestand bevat geen runs</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open</source>
        <translation>Geen resultatenbestand geopend</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no per-layer metrics</source>
        <translation>geen maten per laag</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>full-precision model</source>
        <translation>model met volledige precisie</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no config</source>
        <translation>geen configuratie</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2 per layer, %3</source>
        <translation>%1: %2 per laag, %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>config: %1</source>
        <translation>configuratie: %1</translation>
    </message>
</context>
<context>
    <name>qs::ImportDialog</name>
    <message>
        <location filename="../widgets/dialogs/importdialog.cpp" line="+42"/>
        <source>Import Hugging Face Trajectory</source>
        <translation>Hugging Face-traject importeren</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Browse…</source>
        <translation>Bladeren…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A folder of revision folders (each with config.json and safetensors weights), or one revision</source>
        <translation>Een map met revisiemappen (elk met config.json en safetensors-gewichten), of één revisie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Validation and calibration data: a text file, or token ids (.npy, or raw uint16 .bin)</source>
        <translation>Validatie- en kalibratiegegevens: een tekstbestand, of token-id&apos;s (.npy, of kale uint16 .bin)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The model&apos;s tokenizer.json; found in the first revision folder when it has one</source>
        <translation>De tokenizer.json van het model; gevonden in de eerste revisiemap als die er een heeft</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>optional, e.g. wsd:peak=3e-4,warmup=2000,total=143000,decay=0.2</source>
        <translation>optioneel, bv. wsd:peak=3e-4,warmup=2000,total=143000,decay=0.2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Evaluation blocks of the sequence length, when no token budget is given</source>
        <translation>Evaluatieblokken van de sequentielengte, als er geen tokenbudget is opgegeven</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the sequence length</source>
        <translation>de sequentielengte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens between the starts of evaluation blocks; a block after the first scores only the tokens it adds, as Hugging Face&apos;s strided perplexity does</source>
        <translation>Tokens tussen het begin van opeenvolgende evaluatieblokken; een blok na het eerste scoort alleen de tokens die het toevoegt, zoals de perplexiteit met stride van Hugging Face</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the evaluation blocks above</source>
        <translation>de evaluatieblokken hierboven</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Evaluation tokens, cut into blocks of the sequence length at the stride</source>
        <translation>Evaluatietokens, in blokken van de sequentielengte op de stride gesneden</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>optional: windows of the data before the evaluation blocks</source>
        <translation>optioneel: vensters uit de data vóór de evaluatieblokken</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Calibration data of its own: a text file (documents separated by empty lines), JSON lines with a &quot;text&quot; field, or token ids; GPTQ takes its first documents</source>
        <translation>Eigen kalibratiedata: een tekstbestand (documenten gescheiden door lege regels), JSON-regels met een veld &quot;text&quot;, of token-id&apos;s; GPTQ neemt de eerste documenten</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All files (*)</source>
        <translation>Alle bestanden (*)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Revisions:</source>
        <translation>&amp;Revisies:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder of revisions</source>
        <translation>Map met revisies</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Data:</source>
        <translation>&amp;Gegevens:</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Evaluation data</source>
        <translation>Evaluatiegegevens</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokenizer</source>
        <translation>Tokenizer</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>tokenizer.json (*.json)</source>
        <translation>tokenizer.json (*.json)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Tokenizer:</source>
        <translation>&amp;Tokenizer:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sequence &amp;length:</source>
        <translation>Reeks&amp;lengte:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Evaluation blocks:</source>
        <translation>&amp;Evaluatieblokken:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Str&amp;ide:</source>
        <translation>Str&amp;ide:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Token &amp;budget:</source>
        <translation>Token&amp;budget:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Calibration:</source>
        <translation>&amp;Kalibratie:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Calibration data</source>
        <translation>Kalibratiedata</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR &amp;schedule:</source>
        <translation>LR-&amp;schema:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>R&amp;un:</source>
        <translation>R&amp;un:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>St&amp;ore:</source>
        <translation>&amp;Opslag:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Results store</source>
        <translation>Resultatenopslag</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>QuantScope stores (*.h5)</source>
        <translation>QuantScope-opslagen (*.h5)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Import</source>
        <translation>&amp;Importeren</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Choose the folder of revisions.</source>
        <translation>Kies de map met revisies.</translation>
    </message>
    <message numerus="yes">
        <location line="+26"/>
        <source>%n revision(s), steps %1</source>
        <translation>
            <numerusform>%n revisie, stappen %1</numerusform>
            <numerusform>%n revisies, stappen %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Choose the evaluation data: a text file or token ids.</source>
        <translation>Kies de evaluatiegegevens: een tekstbestand of token-id&apos;s.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The data file %1 does not exist.</source>
        <translation>Het gegevensbestand %1 bestaat niet.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A text needs the model&apos;s tokenizer.json; %1 does not exist.</source>
        <translation>Een tekst heeft de tokenizer.json van het model nodig; %1 bestaat niet.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The calibration file %1 does not exist.</source>
        <translation>Het kalibratiebestand %1 bestaat niet.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Name the run.</source>
        <translation>Geef de run een naam.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the store the run goes into.</source>
        <translation>Kies de opslag waarin de run komt.</translation>
    </message>
</context>
<context>
    <name>qs::ImportJob</name>
    <message>
        <location filename="../itemmodels/jobs/importjob.cpp" line="+27"/>
        <source>Reading the revisions of %1</source>
        <translation>Revisies van %1 lezen</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Imported %n revision(s)</source>
        <translation>
            <numerusform>%n revisie geïmporteerd</numerusform>
            <numerusform>%n revisies geïmporteerd</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::Job</name>
    <message numerus="yes">
        <location filename="../itemmodels/jobs/job.cpp" line="+52"/>
        <source>about %n s left</source>
        <translation>
            <numerusform>nog ongeveer %n s</numerusform>
            <numerusform>nog ongeveer %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>about %n min left</source>
        <translation>
            <numerusform>nog ongeveer %n min</numerusform>
            <numerusform>nog ongeveer %n min</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>about %1 h %2 min left</source>
        <translation>nog ongeveer %1 u %2 min</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>unknown error</source>
        <translation>onbekende fout</translation>
    </message>
</context>
<context>
    <name>qs::JobControl</name>
    <message>
        <location filename="../app/gui/jobcontrol.cpp" line="+56"/>
        <location line="+38"/>
        <source>Another job is running; cancel it first</source>
        <translation>Er loopt al een andere taak; annuleer die eerst</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>Demo finished: %1</source>
        <translation>Demo klaar: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Starting the demo in %1…</source>
        <translation>Demo starten in %1…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Demo failed</source>
        <translation>Demo mislukt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Demo cancelled; the store keeps everything computed so far</source>
        <translation>Demo geannuleerd; het resultatenbestand behoudt alles wat tot nu toe berekend is</translation>
    </message>
    <message numerus="yes">
        <location line="+36"/>
        <source>Sweep of %1 finished: %n entries computed</source>
        <translation>
            <numerusform>Sweep van %1 klaar: %n item berekend</numerusform>
            <numerusform>Sweep van %1 klaar: %n items berekend</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>, %n already in the store</source>
        <translation>
            <numerusform>, %n stond al in het resultatenbestand</numerusform>
            <numerusform>, %n stonden al in het resultatenbestand</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Sweeping %n config(s) over run %1…</source>
        <translation>
            <numerusform>%n configuratie sweepen over run %1…</numerusform>
            <numerusform>%n configuraties sweepen over run %1…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sweep failed</source>
        <translation>Sweep mislukt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sweep cancelled; the store keeps every entry finished so far</source>
        <translation>Sweep geannuleerd; het resultatenbestand behoudt elk item dat tot nu toe klaar is</translation>
    </message>
</context>
<context>
    <name>qs::LabActions</name>
    <message>
        <location filename="../app/gui/labactions.cpp" line="+40"/>
        <source>Run Re&amp;cipe</source>
        <translation>Re&amp;cept uitvoeren</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Recipes unavailable: %1</source>
        <translation>Recepten niet beschikbaar: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%1 (about %n min)</source>
        <translation>
            <numerusform>%1 (ongeveer %n min)</numerusform>
            <numerusform>%1 (ongeveer %n min)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Another job is running; cancel it first</source>
        <translation>Er loopt al een andere taak; annuleer die eerst</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>, %n figure(s)</source>
        <translation>
            <numerusform>, %n figuur</numerusform>
            <numerusform>, %n figuren</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, figures failed: %1</source>
        <translation>, figuren mislukt: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recipe %1 finished in %2 min: report %3%4</source>
        <translation>Recept %1 klaar in %2 min: verslag %3%4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Starting recipe %1 in %2…</source>
        <translation>Recept %1 starten in %2…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Recipe failed</source>
        <translation>Recept mislukt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recipe cancelled; the store keeps everything finished so far, run it again to resume</source>
        <translation>Recept geannuleerd; de opslag bewaart alles wat tot nu toe klaar is, voer het opnieuw uit om verder te gaan</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Branch a Cooldown…</source>
        <translation>Afkoel&amp;tak maken…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Branch a Cooldown</source>
        <translation>Afkoeltak maken</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Linear LR decay to the run&apos;s min LR, from checkpoint step %1 of %2.
Cooldown length (steps):</source>
        <translation>Lineaire LR-afname tot de minimale LR van de run, vanaf het checkpoint bij stap %1 van %2.
Lengte van de afkoeling (stappen):</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Train a cooldown branch from the selected checkpoint (the run must keep its optimizer states); it is drawn with its parent</source>
        <translation>Train een afkoeltak vanaf het geselecteerde checkpoint (de run moet zijn optimizerstatussen bewaren); hij wordt met zijn ouder getekend</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Average Checkpoints (LAWA)…</source>
        <translation>Checkpoints &amp;middelen (LAWA)…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Average Checkpoints (LAWA)</source>
        <translation>Checkpoints middelen (LAWA)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Uniform average of the last k checkpoints of %1, at every checkpoint.
Window k:</source>
        <translation>Uniform gemiddelde van de laatste k checkpoints van %1, bij elk checkpoint.
Venster k:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Make a run of rolling checkpoint averages (LAWA) of the selected run, to sweep like any other</source>
        <translation>Maak een run van voortschrijdende checkpointgemiddelden (LAWA) van de geselecteerde run, te sweepen als elke andere</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Make a Model Soup…</source>
        <translation>Modelsoep ma&amp;ken…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Average chosen checkpoints of the selected run, with weights of your choice, into a run of one checkpoint (a model soup), to sweep like any other</source>
        <translation>Gekozen checkpoints van de geselecteerde run middelen, met gewichten naar keuze, tot een run van één checkpoint (een modelsoep), om te sweepen als elke andere</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Training the cooldown %1…</source>
        <translation>Afkoeling %1 wordt getraind…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Averaging %1 into %2…</source>
        <translation>%1 wordt gemiddeld tot %2…</translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>Averaging %n checkpoint(s) into the soup %1…</source>
        <translation>
            <numerusform>%n checkpoint middelen tot de soep %1…</numerusform>
            <numerusform>%n checkpoints middelen tot de soep %1…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model soup failed</source>
        <translation>Modelsoep mislukt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Soup cancelled; the store is as it was</source>
        <translation>Soep geannuleerd; de opslag is ongewijzigd</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Run %1 is in the store; File &gt; Run Sweep quantizes it</source>
        <translation>Run %1 staat in de opslag; Bestand &gt; Sweep uitvoeren kwantiseert hem</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Intervention failed</source>
        <translation>Ingreep mislukt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled; what was finished is in the store, the same action resumes it</source>
        <translation>Geannuleerd; wat klaar was staat in de opslag, dezelfde actie hervat het</translation>
    </message>
</context>
<context>
    <name>qs::LayerTableModel</name>
    <message>
        <location filename="../itemmodels/layertablemodel.cpp" line="+65"/>
        <source>Per-layer metric &quot;%1&quot; from the store</source>
        <translation>Maat per laag &quot;%1&quot; uit het resultatenbestand</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Not computed for this checkpoint yet</source>
        <translation>Nog niet berekend voor deze checkpoint</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 out × %2 in features, %3 weights</source>
        <translation>%1 uit × %2 in features, %3 gewichten</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>layer</source>
        <translation>laag</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>block</source>
        <translation>blok</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>kind</source>
        <translation>type</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shape</source>
        <translation>vorm</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Tensor name in the checkpoint</source>
        <translation>Tensornaam in de checkpoint</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Transformer block index</source>
        <translation>Index van het transformerblok</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Projection: q, k, v, o (attention) or gate, up, down (MLP)</source>
        <translation>Projectie: q, k, v, o (attention) of gate, up, down (MLP)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Out features × in features</source>
        <translation>Uitgaande × inkomende features</translation>
    </message>
</context>
<context>
    <name>qs::LayerTablePage</name>
    <message>
        <location filename="../widgets/pages/layertablepage.cpp" line="+26"/>
        <source>&amp;Config:</source>
        <translation>&amp;Configuratie:</translation>
    </message>
    <message>
        <location line="+93"/>
        <source>This store holds no runs.</source>
        <translation>Dit resultatenbestand bevat geen runs.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open.</source>
        <translation>Geen resultatenbestand geopend.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Click a checkpoint in the plot to see its layers.</source>
        <translation>Klik op een checkpoint in de grafiek om de lagen te zien.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This run has no checkpoints yet.</source>
        <translation>Deze run heeft nog geen checkpoints.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Checkpoint %1: step %2, %3 tokens, LR %4</source>
        <translation>Checkpoint %1: stap %2, %3 tokens, LR %4</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> (not quantized with this config yet)</source>
        <translation> (nog niet gekwantiseerd met deze configuratie)</translation>
    </message>
</context>
<context>
    <name>qs::MainWindow</name>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="+88"/>
        <source>&amp;Heatmap</source>
        <translation>&amp;Heatmap</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Breakdown</source>
        <translation>&amp;Uitsplitsing</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Outliers</source>
        <translation>Uit&amp;schieters</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Layers</source>
        <translation>&amp;Lagen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;PTQ vs LR decay</source>
        <translation>&amp;PTQ tegenover LR-afname</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Scaling laws</source>
        <translation>&amp;Schaalwetten</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Runs</source>
        <translation>Runs</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Run</source>
        <translation>Run</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run: </source>
        <translation>Run: </translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindowmenus.cpp" line="+34"/>
        <source>&amp;File</source>
        <translation>&amp;Bestand</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Open…</source>
        <translation>&amp;Openen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a QuantScope results store (.h5)</source>
        <translation>Een QuantScope-resultatenbestand (.h5) openen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open &amp;Recent</source>
        <translation>&amp;Recent geopend</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run &amp;Demo</source>
        <translation>&amp;Demo uitvoeren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Train a small byte-level LM with a WSD schedule and quantize every checkpoint</source>
        <translation>Een klein LM op byteniveau trainen met een WSD-schema en elke checkpoint kwantiseren</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run &amp;Sweep…</source>
        <translation>&amp;Sweep uitvoeren…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Quantize every checkpoint of a run of this store with configs of your choice</source>
        <translation>Elke checkpoint van een run in dit resultatenbestand kwantiseren met configuraties naar keuze</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Import Hugging Face Trajectory…</source>
        <translation>Hugging Face-traject &amp;importeren…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Make a run of a folder of Hugging Face revisions, to sweep like a trained run</source>
        <translation>Maak een run van een map met Hugging Face-revisies, om te sweepen als een getrainde run</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Export Figure…</source>
        <translation>Figuur &amp;exporteren…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Quit</source>
        <translation>&amp;Afsluiten</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Main</source>
        <translation>Hoofdwerkbalk</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;View</source>
        <translation>Be&amp;eld</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Theme</source>
        <translation>&amp;Thema</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+20"/>
        <source>&amp;System</source>
        <translation>&amp;Systeem</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>&amp;Light</source>
        <translation>&amp;Licht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark</source>
        <translation>&amp;Donker</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Language</source>
        <translation>T&amp;aal</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Follow the language of the operating system</source>
        <translation>De taal van het besturingssysteem volgen</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QuantScope &amp;Documentation</source>
        <translation>QuantScope-&amp;documentatie</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Read the README and the guides (clusters, recipes, scaling laws, the store&apos;s format)</source>
        <translation>De README en de handleidingen lezen (clusters, recepten, schaalwetten, het formaat van de opslag)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Sneltoetsen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;About QuantScope</source>
        <translation>&amp;Over QuantScope</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The new language applies the next time QuantScope starts.</source>
        <translation>De nieuwe taal geldt vanaf de volgende keer dat QuantScope start.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Language</source>
        <translation>Taal</translation>
    </message>
    <message>
        <location filename="../app/gui/jobstatusarea.cpp" line="+36"/>
        <source>Cancel</source>
        <translation>Annuleren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the running job at its next safe point</source>
        <translation>De lopende taak stoppen bij het volgende veilige punt</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindowmenus.cpp" line="+28"/>
        <source>No recent stores</source>
        <translation>Geen recente resultatenbestanden</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Clear Menu</source>
        <translation>Menu &amp;wissen</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="+146"/>
        <source>Loading %1…</source>
        <translation>%1 laden…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Loaded %1</source>
        <translation>%1 geladen</translation>
    </message>
    <message>
        <location filename="../itemmodels/storefollower.cpp" line="+133"/>
        <source>Waiting for %1: %2</source>
        <translation>Wachten op %1: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="+24"/>
        <source>Cannot open store</source>
        <translation>Kan resultatenbestand niet openen</translation>
    </message>
    <message>
        <location filename="../itemmodels/storefollower.cpp" line="+6"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="+57"/>
        <source>Run %1: %2 schedule, %3 checkpoints, trained on %4</source>
        <translation>Run %1: %2-schema, %3 checkpoints, getraind op %4</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>QuantScope</source>
        <translation>QuantScope</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 — QuantScope</source>
        <translation>%1 — QuantScope</translation>
    </message>
    <message>
        <location filename="../app/gui/jobstatusarea.cpp" line="+15"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Cancelling…</source>
        <translation>Annuleren…</translation>
    </message>
</context>
<context>
    <name>qs::MetricNames</name>
    <message>
        <location filename="../itemmodels/metricnames.cpp" line="+24"/>
        <source>CE (nats/byte)</source>
        <translation>CE (nats/byte)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ΔCE (nats/byte)</source>
        <translation>ΔCE (nats/byte)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ΔCE</source>
        <translation>ΔCE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>relative CE</source>
        <translation>relatieve CE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KL mean (nats)</source>
        <translation>KL-gemiddelde (nats)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KL mean</source>
        <translation>KL-gemiddelde</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KL p99</source>
        <translation>KL p99</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>same top-1</source>
        <translation>zelfde top-1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weight rel. error</source>
        <translation>rel. gewichtsfout</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SQNR (dB)</source>
        <translation>SQNR (dB)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GPTQ loss</source>
        <translation>GPTQ-verlies</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPTQ damping</source>
        <translation>GPTQ-demping</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>input kurtosis</source>
        <translation>inputkurtosis</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>input absmax</source>
        <translation>input-absmax</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>absmax / median</source>
        <translation>absmax / mediaan</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>outlier channels (&gt;6)</source>
        <translation>uitschieterkanalen (&gt;6)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leave-one-in ΔCE (nats/byte)</source>
        <translation>ΔCE alleen deze laag (nats/byte)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leave-one-in ΔCE</source>
        <translation>ΔCE alleen deze laag</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ΔCE of the model with only this layer quantized as the config asks: the damage this layer causes on its own</source>
        <translation>ΔCE van het model met alleen deze laag gekwantiseerd zoals de configuratie vraagt: de schade die deze laag alleen veroorzaakt</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leave-one-in KL (nats)</source>
        <translation>KL alleen deze laag (nats)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leave-one-in KL</source>
        <translation>KL alleen deze laag</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean KL(P_fp ‖ P_q) of the model with only this layer quantized as the config asks</source>
        <translation>Gemiddelde KL(P_fp ‖ P_q) van het model met alleen deze laag gekwantiseerd zoals de configuratie vraagt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>leave-one-out ΔCE (nats/byte)</source>
        <translation>ΔCE alles behalve deze laag (nats/byte)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leave-one-out ΔCE</source>
        <translation>ΔCE alles behalve deze laag</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ΔCE of the model with every layer but this one quantized: the lower it is below the config&apos;s ΔCE, the more keeping this layer in full precision saves</source>
        <translation>ΔCE van het model met elke laag behalve deze gekwantiseerd: hoe verder onder de ΔCE van de configuratie, hoe meer het oplevert deze laag in volle precisie te houden</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leave-one-out KL (nats)</source>
        <translation>KL alles behalve deze laag (nats)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leave-one-out KL</source>
        <translation>KL alles behalve deze laag</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean KL(P_fp ‖ P_q) of the model with every layer but this one quantized</source>
        <translation>Gemiddelde KL(P_fp ‖ P_q) van het model met elke laag behalve deze gekwantiseerd</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fisher estimate (nats/byte)</source>
        <translation>Fisher-schatting (nats/byte)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fisher estimate</source>
        <translation>Fisher-schatting</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Second-order estimate of the leave-one-in ΔCE from the calibration data, ½ Σ F ⊙ (Ŵ − W)² with F the diagonal empirical Fisher information; it sees the weight error only</source>
        <translation>Tweede-ordeschatting van de ΔCE met alleen deze laag uit de kalibratiedata, ½ Σ F ⊙ (Ŵ − W)² met F de diagonaal van de empirische Fisher-informatie; ziet alleen de gewichtsfout</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>Relative weight error ‖Ŵ − W‖ / ‖W‖ (Frobenius norm)</source>
        <translation>Relatieve gewichtsfout ‖Ŵ − W‖ / ‖W‖ (Frobeniusnorm)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Signal-to-quantization-noise ratio of the layer&apos;s output on the calibration inputs, 10·log₁₀(‖Y‖² / ‖Y − Ŷ‖²) in dB; higher is better. Empty where the layer is not quantized</source>
        <translation>Signaal-kwantisatieruisverhouding van de output van de laag op de kalibratie-inputs, 10·log₁₀(‖Y‖² / ‖Y − Ŷ‖²) in dB; hoger is beter. Leeg waar de laag niet gekwantiseerd is</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GPTQ&apos;s per-layer loss Σ (w − q)² / [H⁻¹]ᵢᵢ² / 2 (the reference implementation&apos;s number)</source>
        <translation>GPTQ-verlies per laag Σ (w − q)² / [H⁻¹]ᵢᵢ² / 2 (het getal van de referentie-implementatie)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Damping added to the Hessian&apos;s diagonal (raised when the Cholesky factorisation failed)</source>
        <translation>Demping toegevoegd aan de diagonaal van de Hessiaan (verhoogd als de Cholesky-factorisatie mislukte)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pearson kurtosis of the layer&apos;s input activations (3 for a Gaussian; large values mean heavy tails that make activation quantization hard). Measured on the full-precision model</source>
        <translation>Pearson-kurtosis van de inputactivaties van de laag (3 voor een gaussische verdeling; grote waarden betekenen zware staarten die activatiekwantisatie moeilijk maken). Gemeten op het model met volledige precisie</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Largest |x| of the layer&apos;s input activations, the full-precision model&apos;s</source>
        <translation>Grootste |x| van de inputactivaties van de laag, in het model met volledige precisie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Largest |x| of the layer&apos;s input activations divided by their median |x|: how far the outliers stretch an absmax quantization grid</source>
        <translation>Grootste |x| van de inputactivaties van de laag gedeeld door hun mediaan |x|: hoe ver de uitschieters een absmax-kwantisatieraster oprekken</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Number of input channels whose largest |x| exceeds 6 (the outlier magnitude of LLM.int8())</source>
        <translation>Aantal inputkanalen waarvan de grootste |x| groter is dan 6 (de uitschietergrootte van LLM.int8())</translation>
    </message>
</context>
<context>
    <name>qs::OutlierPage</name>
    <message>
        <location filename="../widgets/pages/outlierpage.cpp" line="+38"/>
        <source>1 channel above %1</source>
        <translation>1 kanaal boven %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 channels above %2</source>
        <translation>%1 kanalen boven %2</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>The layer whose input activations are shown</source>
        <translation>De laag waarvan de inputactivaties getoond worden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Layer:</source>
        <translation>&amp;Laag:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FC2 &amp;inputs</source>
        <translation>FC2-&amp;inputs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the input of this block&apos;s down_proj (FC2), where the activation outliers concentrate</source>
        <translation>De input van de down_proj (FC2) van dit blok tonen, waar de activatie-uitschieters zich concentreren</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>L&amp;og scale</source>
        <translation>L&amp;ogschaal</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Logarithmic value axes: channel maxima, histogram counts and kurtosis</source>
        <translation>Logaritmische waardeassen: kanaalmaxima, histogramaantallen en kurtosis</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hover for values, click a kurtosis point to select its checkpoint</source>
        <translation>Beweeg de muis voor waarden, klik op een kurtosispunt om de checkpoint te selecteren</translation>
    </message>
    <message>
        <location line="+481"/>
        <source>Histogram of the channel maxima</source>
        <translation>Histogram van de kanaalmaxima</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Input kurtosis along training</source>
        <translation>Inputkurtosis tijdens de training</translation>
    </message>
    <message>
        <location line="-343"/>
        <source>input channel</source>
        <translation>inputkanaal</translation>
    </message>
    <message>
        <location line="-28"/>
        <location line="+29"/>
        <source>max |x|</source>
        <translation>max |x|</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>channel max |x|</source>
        <translation>kanaalmax |x|</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>channels</source>
        <translation>kanalen</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source>step</source>
        <translation>stap</translation>
    </message>
    <message>
        <location line="-6"/>
        <location line="+340"/>
        <source>kurtosis (Gaussian: 3)</source>
        <translation>kurtosis (gaussisch: 3)</translation>
    </message>
    <message>
        <location line="-333"/>
        <source>outlier channel</source>
        <translation>uitschieterkanaal</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>outlier threshold %1</source>
        <translation>uitschiettersdrempel %1</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>%1 (FC2)</source>
        <translation>%1 (FC2)</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>down (FC2)</source>
        <translation>down (FC2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>block %1 · %2</source>
        <translation>blok %1 · %2</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>No store open.</source>
        <translation>Geen resultatenbestand geopend.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This store holds no runs.</source>
        <translation>Dit resultatenbestand bevat geen runs.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>This store has no activation statistics: run “%1” has no full-precision reference (config “fp”), which is where a sweep records them.</source>
        <translation>Dit resultatenbestand heeft geen activatiestatistieken: run “%1” heeft geen referentie met volledige precisie (configuratie “fp”), waarin een sweep ze vastlegt.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This store has no activation statistics: the full-precision reference of run “%1” was measured by a QuantScope that did not record them.</source>
        <translation>Dit resultatenbestand heeft geen activatiestatistieken: de referentie met volledige precisie van run “%1” is gemeten door een QuantScope die ze niet vastlegde.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This store has no per-channel activation profiles: the full-precision reference of run “%1” holds the layer statistics but not the profile “act_channel_absmax”.</source>
        <translation>Dit resultatenbestand heeft geen activatieprofielen per kanaal: de referentie met volledige precisie van run “%1” bevat de laagstatistieken, maar niet het profiel “act_channel_absmax”.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sweep the run again with a current QuantScope: it measures the full-precision reference first, with the statistics and profiles of every layer&apos;s input.</source>
        <translation>Sweep de run opnieuw met een actuele QuantScope: die meet eerst de referentie met volledige precisie, met de statistieken en profielen van de input van elke laag.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot read the activation profile: %1</source>
        <translation>Kan het activatieprofiel niet lezen: %1</translation>
    </message>
    <message>
        <location filename="../widgets/pages/outliertrack.cpp" line="+90"/>
        <source>Reading the profiles of every checkpoint…</source>
        <translation>De profielen van elk checkpoint worden gelezen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The profiles could not be read: %1</source>
        <translation>De profielen konden niet worden gelezen: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The full-precision reference has measured no checkpoint yet</source>
        <translation>De referentie in volle precisie heeft nog geen checkpoint gemeten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No input channel of this layer exceeds %1 at any checkpoint</source>
        <translation>Geen invoerkanaal van deze laag komt bij enig checkpoint boven %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Outlier channels across checkpoints</source>
        <translation>Uitschieterkanalen over de checkpoints</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Outlier channels across %1 checkpoints: %2 exceed %3 at some checkpoint, %4 stayed from their first appearance to the end, %5 are outliers at the last</source>
        <translation>Uitschieterkanalen over %1 checkpoints: %2 komen bij een checkpoint boven %3, %4 bleven dat van hun eerste verschijnen tot het einde, %5 zijn uitschieters bij het laatste</translation>
    </message>
    <message>
        <location filename="../widgets/pages/outlierpage.cpp" line="+96"/>
        <source>Reading the profile…</source>
        <translation>Profiel lezen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The full-precision reference has not measured this checkpoint yet</source>
        <translation>De referentie met volledige precisie heeft deze checkpoint nog niet gemeten</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The profile could not be read (see above)</source>
        <translation>Het profiel kon niet worden gelezen (zie boven)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No profile</source>
        <translation>Geen profiel</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Input of %1 at step %2</source>
        <translation>Input van %1 bij stap %2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1, step %2</source>
        <translation>%1, stap %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 of %2 channels above %3</source>
        <translation>%1 van %2 kanalen boven %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>kurtosis</source>
        <translation>kurtosis</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>kurtosis %1</source>
        <translation>kurtosis %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max |x| %1</source>
        <translation>max |x| %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max/median %1</source>
        <translation>max/mediaan %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Per-channel max |x| of the input</source>
        <translation>Max |x| per kanaal van de input</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per-channel max |x| of the input: %1 of %2 channels above %3</source>
        <translation>Max |x| per kanaal van de input: %1 van %2 kanalen boven %3</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>step %1 (checkpoint %2)</source>
        <translation>stap %1 (checkpoint %2)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>channel %1 at step %2: max |x| %3
an outlier from step %4 (checkpoints in a row: %5, in all: %6)</source>
        <translation>kanaal %1 bij stap %2: max |x| %3
uitschieter vanaf stap %4 (checkpoints op rij: %5, in totaal: %6)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>channel %1: max |x| %2</source>
        <translation>kanaal %1: max |x| %2</translation>
    </message>
</context>
<context>
    <name>qs::PtqPage</name>
    <message>
        <location filename="../widgets/pages/ptqpage.cpp" line="+40"/>
        <source>&amp;Metric:</source>
        <translation>&amp;Maat:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Checkpoints after warmup; the selected config. Least squares: tokens only, and tokens + LR decay u = 1 − η/η_peak</source>
        <translation>Checkpoints na het opwarmen; de gekozen configuratie. Kleinste kwadraten: alleen tokens, en tokens + LR-afname u = 1 − η/η_piek</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>tokens</source>
        <translation>tokens</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>warmup (not fitted)</source>
        <translation>opwarmen (niet gefit)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>measured</source>
        <translation>gemeten</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>fit: tokens only</source>
        <translation>fit: alleen tokens</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fit: tokens + LR decay</source>
        <translation>fit: tokens + LR-afname</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Select a quantized config of the run</source>
        <translation>Kies een gekwantiseerde configuratie van de run</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open</source>
        <translation>Geen opslag geopend</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The FP reference has no quantization error: select a quantized config</source>
        <translation>De FP-referentie heeft geen kwantisatiefout: kies een gekwantiseerde configuratie</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1, %2: %3</source>
        <translation>%1, %2: %3</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>%1, %2: PTQ damage along training</source>
        <translation>%1, %2: PTQ-schade tijdens de training</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Evaluation noise: no paired test of %1 at steps %2 and %3 (%4).</source>
        <translation>Evaluatieruis: geen gepaarde toets van %1 bij stap %2 en %3 (%4).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Evaluation noise: %1 at step %2 (after the decay began) − at step %3 (before it) = %4, 95 % interval [%5, %6] over %7 evaluation units, p = %8: %9.</source>
        <translation>Evaluatieruis: %1 bij stap %2 (na het begin van het verval) − bij stap %3 (ervoor) = %4, 95 %-interval [%5, %6] over %7 evaluatie-eenheden, p = %8: %9.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the change exceeds the noise</source>
        <translation>de verandering is groter dan de ruis</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the change is within the noise</source>
        <translation>de verandering valt binnen de ruis</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the error rises with the LR decay beyond what the tokens explain</source>
        <translation>de fout stijgt met de LR-afname, meer dan de tokens verklaren</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the error falls during the LR decay</source>
        <translation>de fout daalt tijdens de LR-afname</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the LR decay explains nothing the tokens do not (p ≥ 0.01)</source>
        <translation>de LR-afname verklaart niets wat de tokens niet verklaren (p ≥ 0,01)</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n checkpoint(s) fitted (%1 in the decay, %2 in warmup left out). Tokens only: R² %3, AIC %4. Tokens + LR decay: R² %5, AIC %6; decay term %7 ± %8, F = %9, p = %10: %11.</source>
        <translation>
            <numerusform>%n checkpoint gefit (%1 in de afname, %2 uit het opwarmen weggelaten). Alleen tokens: R² %3, AIC %4. Tokens + LR-afname: R² %5, AIC %6; afnameterm %7 ± %8, F = %9, p = %10: %11.</numerusform>
            <numerusform>%n checkpoints gefit (%1 in de afname, %2 uit het opwarmen weggelaten). Alleen tokens: R² %3, AIC %4. Tokens + LR-afname: R² %5, AIC %6; afnameterm %7 ± %8, F = %9, p = %10: %11.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+87"/>
        <source>step %1 · %2 tokens · LR %3 (u = %4)
%5 = %6</source>
        <translation>stap %1 · %2 tokens · LR %3 (u = %4)
%5 = %6</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
fit, tokens only: %1 · fit, tokens + LR decay: %2</source>
        <translation>
fit, alleen tokens: %1 · fit, tokens + LR-afname: %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
warmup: not fitted</source>
        <translation>
opwarmen: niet gefit</translation>
    </message>
</context>
<context>
    <name>qs::RunBrowserPage</name>
    <message>
        <location filename="../widgets/pages/runbrowserpage.cpp" line="+54"/>
        <source>Filter runs, steps, configs (e.g. &quot;gptq&quot;, &quot;step 600&quot;)</source>
        <translation>Runs, stappen, configuraties filteren (bijv. &quot;gptq&quot;, &quot;stap 600&quot;)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Filter:</source>
        <translation>&amp;Filter:</translation>
    </message>
</context>
<context>
    <name>qs::RunTreeModel</name>
    <message>
        <location filename="../itemmodels/runtreemodel.cpp" line="+287"/>
        <source>step %1</source>
        <translation>stap %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Run %1</source>
        <translation>Run %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR schedule: %1</source>
        <translation>LR-schema: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown</source>
        <translation>onbekend</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoints: %1, layers: %2, configs: %3</source>
        <translation>Checkpoints: %1, lagen: %2, configuraties: %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Corpus: %1</source>
        <translation>Corpus: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Numbers: the latest checkpoint&apos;s</source>
        <translation>Getallen: die van de laatste checkpoint</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This run has no quantization config</source>
        <translation>Deze run heeft geen kwantisatieconfiguratie</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 at this checkpoint: %2</source>
        <translation>%1 bij deze checkpoint: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not computed yet</source>
        <translation>nog niet berekend</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Checkpoint %1: step %2, %3 tokens</source>
        <translation>Checkpoint %1: stap %2, %3 tokens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR %1, FP validation CE %2</source>
        <translation>LR %1, FP-validatie-CE %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not measured</source>
        <translation>niet gemeten</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 of %2 configs computed</source>
        <translation>%1 van %2 configuraties berekend</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File: %1</source>
        <translation>Bestand: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (%2) at step %3</source>
        <translation>%1 (%2) bij stap %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not computed yet</source>
        <translation>Nog niet berekend</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 ± %2 (s.e.)</source>
        <translation>%1 ± %2 (s.f.)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (95 % interval %2 – %3)</source>
        <translation>%1 (95 %-interval %2 – %3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>run / checkpoint / config</source>
        <translation>run / checkpoint / configuratie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>step</source>
        <translation>stap</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tokens</source>
        <translation>tokens</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LR</source>
        <translation>LR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FP loss</source>
        <translation>FP-verlies</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rel. CE</source>
        <translation>rel. CE</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Runs, their checkpoints, and the quantization configs computed at each</source>
        <translation>Runs, hun checkpoints en de kwantisatieconfiguraties die bij elk berekend zijn</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Optimizer steps (on a run: its latest checkpoint&apos;s)</source>
        <translation>Optimalisatiestappen (bij een run: die van de laatste checkpoint)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Training tokens seen (on a run: its latest checkpoint&apos;s)</source>
        <translation>Geziene trainingstokens (bij een run: die van de laatste checkpoint)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Learning rate of the update that produced the checkpoint</source>
        <translation>Leersnelheid van de update die de checkpoint opleverde</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Validation cross-entropy of the full-precision checkpoint, nats per byte</source>
        <translation>Validatie-kruisentropie van de checkpoint met volledige precisie, nats per byte</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CE(quantized) / CE(full precision) − 1 on the validation bytes; on a checkpoint row, the selected config&apos;s value</source>
        <translation>CE(gekwantiseerd) / CE(volledige precisie) − 1 op de validatiebytes; op een checkpointrij de waarde van de geselecteerde configuratie</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mean KL divergence of the quantized next-byte distribution from the full-precision one, nats; on a checkpoint row, the selected config&apos;s value</source>
        <translation>Gemiddelde KL-divergentie van de gekwantiseerde volgende-byteverdeling ten opzichte van die met volledige precisie, nats; op een checkpointrij de waarde van de geselecteerde configuratie</translation>
    </message>
</context>
<context>
    <name>qs::ScalingPage</name>
    <message>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="+86"/>
        <location line="+9"/>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingmeasuredview.cpp" line="+71"/>
        <source>No measured points yet. Open a CSV of your runs (Open data…); its columns are N, D, G, bits, D_fp, D_qat, loss, delta, fp_loss, heldout and label (docs/scaling.md).</source>
        <translation>Nog geen meetpunten. Open een CSV van uw runs (Gegevens openen…); de kolommen zijn N, D, G, bits, D_fp, D_qat, loss, delta, fp_loss, heldout en label (docs/scaling.md).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Measured points carry the loss and δ: choose one of them as the quantity.</source>
        <translation>Meetpunten bevatten het verlies en δ: kies een van beide als grootheid.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The measured points cannot be shown with the %1 law: %2</source>
        <translation>De meetpunten kunnen niet met de wet %1 worden getoond: %2</translation>
    </message>
    <message numerus="yes">
        <location line="+30"/>
        <source>None of the %n measured point(s) has both %1 and %2%3.</source>
        <translation>
            <numerusform>Het %n meetpunt heeft niet zowel %1 als %2%3.</numerusform>
            <numerusform>Geen van de %n meetpunten heeft zowel %1 als %2%3.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source> &gt; 0 (log y)</source>
        <translation> &gt; 0 (log-y)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+282"/>
        <location filename="../widgets/pages/scaling/scalingmeasuredview.cpp" line="+25"/>
        <source>measured</source>
        <translation>gemeten</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingmeasuredview.cpp" line="+37"/>
        <source>%1, held out</source>
        <translation>%1, achtergehouden</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>law, %1</source>
        <translation>wet, %1</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%n point(s) without %1 or %2 left out.</source>
        <translation>
            <numerusform>%n punt zonder %1 of %2 weggelaten.</numerusform>
            <numerusform>%n punten zonder %1 of %2 weggelaten.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Law curves for the first %1 groups only.</source>
        <translation>Wetcurven alleen voor de eerste %1 groepen.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>measured %1</source>
        <translation>gemeten %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>residual (%)</source>
        <translation>residu (%)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontourview.cpp" line="+195"/>
        <source>N = %1, D = %2 (%3 tokens per parameter)
%4 = %5</source>
        <translation>N = %1, D = %2 (%3 tokens per parameter)
%4 = %5</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingmeasuredview.cpp" line="+44"/>
        <source>line %1 of %2</source>
        <translation>regel %1 van %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>measured %1 = %2</source>
        <translation>gemeten %1 = %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>law: %1 (residual %2 %)</source>
        <translation>wet: %1 (residu %2 %)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>held out of the fit</source>
        <translation>buiten de fit gehouden</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingview.cpp" line="+105"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="-167"/>
        <source>Law</source>
        <translation>Wet</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Chinchilla: L(N, D)</source>
        <translation>Chinchilla: L(N, D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>W4A4 QAT law: δ(N, D, G) (Chen et al.)</source>
        <translation>W4A4-QAT-wet: δ(N, D, G) (Chen et al.)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compute-optimal QAT: f*, δ(N, D_fp, D_qat, B) (Dremov et al.)</source>
        <translation>Rekenoptimale QAT: f*, δ(N, D_fp, D_qat, B) (Dremov et al.)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>w4a16 (weight-only)</source>
        <translation>w4a16 (alleen gewichten)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>w16a4 (activation-only)</source>
        <translation>w16a4 (alleen activaties)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>w16a4-fc2a8 (FC2 input at 8 bits)</source>
        <translation>w16a4-fc2a8 (FC2-input op 8 bits)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>w4a4 (weights and activations)</source>
        <translation>w4a4 (gewichten en activaties)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hoffmann et al. 2022</source>
        <translation>Hoffmann et al. 2022</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Besiroglu et al. 2024</source>
        <translation>Besiroglu et al. 2024</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (unset, to be fitted)</source>
        <translation>geen (niet ingesteld, nog te fitten)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>as loaded or fitted</source>
        <translation>zoals geladen of gefit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Published coefficients of L(N, D) = E + A/N^α + B/D^β</source>
        <translation>Gepubliceerde coëfficiënten van L(N, D) = E + A/N^α + B/D^β</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Load law…</source>
        <translation>Wet &amp;laden…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a law saved as JSON (quantscope fit writes them)</source>
        <translation>Een als JSON opgeslagen wet openen (quantscope fit schrijft ze)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sa&amp;ve law…</source>
        <translation>Wet op&amp;slaan…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>La&amp;w:</source>
        <translation>&amp;Wet:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>V&amp;ariant:</source>
        <translation>V&amp;ariant:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Chinchilla part:</source>
        <translation>&amp;Chinchilla-deel:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Inputs</source>
        <translation>Invoer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>N:</source>
        <translation>N:</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>D:</source>
        <translation>D:</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>G:</source>
        <translation>G:</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>B:</source>
        <translation>B:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>f:</source>
        <translation>f:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Parameters (raw count; 7e9 or 7B)</source>
        <translation>Parameters (ruw aantal; 7e9 of 7B)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Training tokens (raw count; 2e12 or 2T)</source>
        <translation>Trainingstokens (ruw aantal; 2e12 of 2T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantization group size in input channels (per-channel: the layer&apos;s input dimension)</source>
        <translation>Kwantisatiegroepsgrootte in inputkanalen (per kanaal: de inputdimensie van de laag)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weight bit width</source>
        <translation>Bitbreedte van de gewichten</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>QAT fraction f = D_qat / D of the training tokens</source>
        <translation>QAT-fractie f = D_qat / D van de trainingstokens</translation>
    </message>
    <message>
        <location line="-95"/>
        <source>Open &amp;data…</source>
        <translation>&amp;Gegevens openen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measured points as CSV: columns N, D, G, bits, D_fp, D_qat, loss, delta, fp_loss, heldout, label (docs/scaling.md)</source>
        <translation>Meetpunten als CSV: kolommen N, D, G, bits, D_fp, D_qat, loss, delta, fp_loss, heldout, label (docs/scaling.md)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Fit to data…</source>
        <translation>&amp;Fitten op gegevens…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fit the law&apos;s unset and fitted coefficients to the measured points (Huber loss on log residuals, L-BFGS from a grid of starts, bootstrap CIs)</source>
        <translation>De niet-ingestelde en gefitte coëfficiënten van de wet op de meetpunten fitten (Huber-verlies op logresiduen, L-BFGS vanuit een raster van startpunten, bootstrap-BI&apos;s)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+208"/>
        <source>no measured points</source>
        <translation>geen meetpunten</translation>
    </message>
    <message>
        <location line="-196"/>
        <source>Cancel</source>
        <translation>Annuleren</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Coefficients (double-click a value to edit):</source>
        <translation>Coëfficiënten (dubbelklik op een waarde om te bewerken):</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+41"/>
        <source>Curves</source>
        <translation>Curven</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Contour map N × D</source>
        <translation>Contourkaart N × D</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QAT fraction f* vs S</source>
        <translation>QAT-fractie f* tegen S</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Measured points and residuals</source>
        <translation>Meetpunten en residuen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vie&amp;w:</source>
        <translation>Weerga&amp;ve:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quantity:</source>
        <translation>G&amp;rootheid:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;x:</source>
        <translation>&amp;x:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Series:</source>
        <translation>Ree&amp;ks:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Log &amp;y</source>
        <translation>Log-&amp;y</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+84"/>
        <source>Load Law</source>
        <translation>Wet laden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scaling laws (*.json);;All files (*)</source>
        <translation>Schaalwetten (*.json);;Alle bestanden (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save Law</source>
        <translation>Wet opslaan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scaling laws (*.json)</source>
        <translation>Schaalwetten (*.json)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved %1</source>
        <translation>%1 opgeslagen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open Measured Points</source>
        <translation>Meetpunten openen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV-bestanden (*.csv);;Alle bestanden (*)</translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+169"/>
        <source>Cannot open %1: %2</source>
        <translation>Kan %1 niet openen: %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot load the law from %1: %2</source>
        <translation>Kan de wet niet laden uit %1: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loaded the %1 law from %2</source>
        <translation>Wet %1 geladen uit %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot write %1: %2</source>
        <translation>Kan %1 niet schrijven: %2</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+60"/>
        <source>Not an input of this law</source>
        <translation>Geen invoer van deze wet</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+41"/>
        <source>loss L</source>
        <translation>verlies L</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>δ from quantization</source>
        <translation>δ door kwantisatie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>N_eff / N</source>
        <translation>N_eff / N</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>f* (optimal)</source>
        <translation>f* (optimaal)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>f̂ (direct fit)</source>
        <translation>f̂ (directe fit)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="-47"/>
        <source>effective parameter fraction N_eff/N</source>
        <translation>fractie effectieve parameters N_eff/N</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>effective parameters N_eff</source>
        <translation>effectieve parameters N_eff</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>optimal QAT fraction f*</source>
        <translation>optimale QAT-fractie f*</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>direct fit f̂ = exp(−a/ln S)</source>
        <translation>directe fit f̂ = exp(−a/ln S)</translation>
    </message>
    <message>
        <location line="+11"/>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+19"/>
        <source>N (parameters)</source>
        <translation>N (parameters)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+2"/>
        <source>D (tokens)</source>
        <translation>D (tokens)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>G (group size)</source>
        <translation>G (groepsgrootte)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>B (bits)</source>
        <translation>B (bits)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>f (QAT fraction)</source>
        <translation>f (QAT-fractie)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>none</source>
        <translation>geen</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+19"/>
        <source>%1: %n point(s)</source>
        <translation>
            <numerusform>%1: %n punt</numerusform>
            <numerusform>%1: %n punten</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+189"/>
        <source>Cannot read %1: %2</source>
        <translation>Kan %1 niet lezen: %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The measured points cannot be used with this law: %1</source>
        <translation>De meetpunten kunnen niet met deze wet worden gebruikt: %1</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+29"/>
        <source>Fit to Data</source>
        <translation>Fitten op gegevens</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>automatic (δ for the QAT laws when the data have it, else the loss)</source>
        <translation>automatisch (δ voor de QAT-wetten als de gegevens die hebben, anders het verlies)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="-46"/>
        <source>loss</source>
        <translation>verlies</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="+4"/>
        <source>δ</source>
        <translation>δ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Also refit published and hand-edited coefficients</source>
        <translation>Ook gepubliceerde en met de hand bewerkte coëfficiënten opnieuw fitten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>By default only unset and previously fitted coefficients are free</source>
        <translation>Standaard zijn alleen niet-ingestelde en eerder gefitte coëfficiënten vrij</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Bootstrap resamples for the 95 % intervals (0: no intervals)</source>
        <translation>Bootstrap-hersteekproeven voor de 95%-intervallen (0: geen intervallen)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fit on:</source>
        <translation>Fitten op:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bootstrap resamples:</source>
        <translation>Bootstrap-hersteekproeven:</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot fit: %1</source>
        <translation>Kan niet fitten: %1</translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+29"/>
        <source>Open measured points first (Open data…): the fit needs them.</source>
        <translation>Open eerst meetpunten (Gegevens openen…): de fit heeft ze nodig.</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="-123"/>
        <source>%1 (%p%)</source>
        <translation>%1 (%p%)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (%p%, %2)</source>
        <translation>%1 (%p%, %2)</translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+10"/>
        <source>The fit failed; the coefficients are unchanged. %1</source>
        <translation>De fit is mislukt; de coëfficiënten zijn ongewijzigd. %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Fit cancelled; the coefficients are unchanged.</source>
        <translation>Fit geannuleerd; de coëfficiënten zijn ongewijzigd.</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Fitting the %1 law to %n point(s)…</source>
        <translation>
            <numerusform>Wet %1 fitten op %n punt…</numerusform>
            <numerusform>Wet %1 fitten op %n punten…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+81"/>
        <source>starting (%p%)</source>
        <translation>starten (%p%)</translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+31"/>
        <source>The fit finished after the law was replaced; its result was dropped.</source>
        <translation>De fit was klaar nadat de wet was vervangen; het resultaat is verworpen.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Fitted %1 coefficient(s) to %2 point(s): mean relative error %3 %</source>
        <translation>%1 coëfficiënt(en) gefit op %2 punt(en): gemiddelde relatieve fout %3 %</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>, held out (%1 points) %2 %</source>
        <translation>, achtergehouden (%1 punten) %2 %</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="-2"/>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="-47"/>
        <source>FP loss</source>
        <translation>FP-verlies</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>N_eff/N</source>
        <translation>N_eff/N</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+6"/>
        <source>N_eff</source>
        <translation>N_eff</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>f*</source>
        <translation>f*</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>f̂</source>
        <translation>f̂</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+6"/>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>loss L (nats)</source>
        <translation>verlies L (nats)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FP loss E + A/N^α + B/D^β (nats)</source>
        <translation>FP-verlies E + A/N^α + B/D^β (nats)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>δ, loss increase from quantization (nats)</source>
        <translation>δ, verliestoename door kwantisatie (nats)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>S, tokens per parameter byte</source>
        <translation>S, tokens per parameterbyte</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>D (training tokens)</source>
        <translation>D (trainingstokens)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>G (group size, input channels)</source>
        <translation>G (groepsgrootte, inputkanalen)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>B (weight bits)</source>
        <translation>B (gewichtsbits)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>f (QAT fraction of the tokens)</source>
        <translation>f (QAT-fractie van de tokens)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingview.cpp" line="-64"/>
        <source>%1 cannot be drawn: the %2 law&apos;s coefficients %3 are unset. Fit the law to measured points (Fit to data…), load a fitted law (Load law…), or type values into the coefficient table.</source>
        <translation>%1 kan niet worden getekend: de coëfficiënten %3 van de wet %2 zijn niet ingesteld. Fit de wet op meetpunten (Fitten op gegevens…), laad een gefitte wet (Wet laden…) of typ waarden in de coëfficiëntentabel.</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="+26"/>
        <source>%1: unset coefficients</source>
        <translation>%1: niet-ingestelde coëfficiënten</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>At these inputs:
%1</source>
        <translation>Bij deze invoer:
%1</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcurvesview.cpp" line="+87"/>
        <location line="+49"/>
        <source>at the inputs</source>
        <translation>bij de invoer</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontourview.cpp" line="-98"/>
        <location filename="../widgets/pages/scaling/scalingcurvesview.cpp" line="-30"/>
        <source>%1 cannot be drawn here: %2</source>
        <translation>%1 kan hier niet worden getekend: %2</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcurvesview.cpp" line="+15"/>
        <source>%1 is undefined over this range of %2.</source>
        <translation>%1 is niet gedefinieerd over dit bereik van %2.</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontourview.cpp" line="+14"/>
        <source>%1, log scale</source>
        <translation>%1, logaritmische schaal</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>the inputs (N, D)</source>
        <translation>de invoer (N, D)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingfractionview.cpp" line="+58"/>
        <source>The optimal QAT fraction f* and its direct fit f̂ belong to the compute-optimal QAT law (Dremov et al. 2025): choose it under Law.</source>
        <translation>De optimale QAT-fractie f* en haar directe fit f̂ horen bij de rekenoptimale QAT-wet (Dremov et al. 2025): kies die onder Wet.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>direct fit f̂ = exp(−%1 / ln S)</source>
        <translation>directe fit f̂ = exp(−%1 / ln S)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>law&apos;s optimum f* (N = %1, B = %2)</source>
        <translation>optimum f* van de wet (N = %1, B = %2)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>f* needs the QAT law&apos;s δ coefficients, which are unset: fit them to measured points or type them into the table. f̂ is drawn alone.</source>
        <translation>f* heeft de δ-coëfficiënten van de QAT-wet nodig, maar die zijn niet ingesteld: fit ze op meetpunten of typ ze in de tabel. Alleen f̂ wordt getekend.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the inputs: S = %1</source>
        <translation>de invoer: S = %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>S = D / (N·B/8), tokens per parameter byte</source>
        <translation>S = D / (N·B/8), tokens per parameterbyte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QAT fraction f = D_qat / D</source>
        <translation>QAT-fractie f = D_qat / D</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingview.cpp" line="+12"/>
        <source>Chinchilla law</source>
        <translation>Chinchilla-wet</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>W4A4 QAT law, %1</source>
        <translation>W4A4-QAT-wet, %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>compute-optimal QAT law</source>
        <translation>rekenoptimale QAT-wet</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcurvesview.cpp" line="+44"/>
        <source>%1: %2 against %3</source>
        <translation>%1: %2 tegen %3</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontourview.cpp" line="+46"/>
        <source>%1: %2 over N × D</source>
        <translation>%1: %2 over N × D</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingfractionview.cpp" line="+20"/>
        <source>%1: optimal QAT fraction against S</source>
        <translation>%1: optimale QAT-fractie tegen S</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingmeasuredview.cpp" line="+6"/>
        <source>%1: measured %2 against %3 (%4)</source>
        <translation>%1: gemeten %2 tegen %3 (%4)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingview.cpp" line="+11"/>
        <source>%1 at %2</source>
        <translation>%1 bij %2</translation>
    </message>
</context>
<context>
    <name>qs::ShortcutsDialog</name>
    <message>
        <location filename="../app/gui/helpwindows.cpp" line="-156"/>
        <source>Keyboard Shortcuts</source>
        <translation>Sneltoetsen</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Show the %1 view</source>
        <translation>De weergave %1 tonen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Left, Right</source>
        <translation>Links, Rechts</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: the previous or next checkpoint</source>
        <translation>In een grafiek: het vorige of volgende checkpoint</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Up, Down</source>
        <translation>Omhoog, Omlaag</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: the previous or next layer</source>
        <translation>In een grafiek: de vorige of volgende laag</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mouse wheel</source>
        <translation>Muiswiel</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: zoom the x axis</source>
        <translation>In een grafiek: op de x-as zoomen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drag</source>
        <translation>Slepen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: move along the x axis</source>
        <translation>In een grafiek: langs de x-as verschuiven</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click</source>
        <translation>Dubbelklikken</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: show everything again</source>
        <translation>In een grafiek: weer alles tonen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Keys</source>
        <translation>Toetsen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Action</source>
        <translation>Actie</translation>
    </message>
</context>
<context>
    <name>qs::SoupDialog</name>
    <message>
        <location filename="../widgets/dialogs/soupdialog.cpp" line="+71"/>
        <source>Make a Model Soup</source>
        <translation>Modelsoep maken</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check the checkpoints of %1 to average and give each a weight. The soup is their weighted average, a run of one checkpoint that sweeps like any other.</source>
        <translation>Vink de checkpoints van %1 aan die u wilt middelen en geef elk een gewicht. De soep is hun gewogen gemiddelde, een run van één checkpoint die te sweepen is als elke andere.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Step</source>
        <translation>Stap</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>LR</source>
        <translation>LR</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 tokens</source>
        <translation>%1 tokens</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>Step %1 is shared by %n checkpoint(s) of this run; a soup names its ingredients by step, so it cannot take them</source>
        <translation>
            <numerusform>Stap %1 wordt gedeeld door %n checkpoint van deze run; een soep noemt haar ingrediënten bij hun stap, dus ze kan ze niet nemen</numerusform>
            <numerusform>Stap %1 wordt gedeeld door %n checkpoints van deze run; een soep noemt haar ingrediënten bij hun stap, dus ze kan ze niet nemen</numerusform>
        </translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The new run: letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos;</source>
        <translation>De nieuwe run: letters, cijfers, &apos;-&apos;, &apos;_&apos; en &apos;.&apos;</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The averaged revision folder is written inside this folder, named after the latest ingredient&apos;s revision</source>
        <translation>De map van de gemiddelde revisie wordt in deze map geschreven, genoemd naar de revisie van het laatste ingrediënt</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Browse…</source>
        <translation>Bladeren…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Name:</source>
        <translation>&amp;Naam:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Output folder:</source>
        <translation>&amp;Uitvoermap:</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Make Soup</source>
        <translation>Soep &amp;maken</translation>
    </message>
    <message>
        <location line="+121"/>
        <source>Folder for the averaged revision</source>
        <translation>Map voor de gemiddelde revisie</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The weight of step %1 must be a number above 0.</source>
        <translation>Het gewicht van stap %1 moet een getal boven 0 zijn.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Check at least two checkpoints: a soup averages two or more.</source>
        <translation>Vink minstens twee checkpoints aan: een soep middelt er twee of meer.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Name the soup&apos;s run.</source>
        <translation>Geef de run van de soep een naam.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The store already holds a run named %1; choose another name.</source>
        <translation>De opslag bevat al een run met de naam %1; kies een andere naam.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the folder the averaged revision goes into.</source>
        <translation>Kies de map waarin de gemiddelde revisie komt.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>step %1 (%2 %)</source>
        <translation>stap %1 (%2 %)</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Averages %n checkpoint(s): %1.</source>
        <translation>
            <numerusform>Middelt %n checkpoint: %1.</numerusform>
            <numerusform>Middelt %n checkpoints: %1.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Writes the revision folder %1.</source>
        <translation>Schrijft de revisiemap %1.</translation>
    </message>
</context>
<context>
    <name>qs::SweepDialog</name>
    <message>
        <location filename="../widgets/dialogs/sweepdialog.cpp" line="+40"/>
        <source>%1: %2 (the full-precision reference; every sweep computes it)</source>
        <translation>%1: %2 (de referentie met volledige precisie; elke sweep berekent die)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 (same config as line %3, run once)</source>
        <translation>%1: %2 (zelfde configuratie als regel %3, één keer uitgevoerd)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>quantization spec &apos;%1&apos;: %2</source>
        <translation>kwantisatiespecificatie &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: does not parse</source>
        <translation>%1: niet te ontleden</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Line %1: %2</source>
        <translation>Regel %1: %2</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>(and %n more line(s) that do not parse)</source>
        <translation>
            <numerusform>(en nog %n regel die niet te ontleden is)</numerusform>
            <numerusform>(en nog %n regels die niet te ontleden zijn)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Enter at least one quantization config, one spec per line, e.g. rtn:4:g128:sym</source>
        <translation>Voer minstens één kwantisatieconfiguratie in, één specificatie per regel, bijv. rtn:4:g128:sym</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Run Sweep</source>
        <translation>Sweep uitvoeren</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The trained run whose checkpoints are quantized</source>
        <translation>De getrainde run waarvan de checkpoints gekwantiseerd worden</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>method[:bits][:options]. Methods: none, rtn, gptq, awq (asymmetric, clip for AutoAWQ&apos;s clipping), hqq (2, 3, 4, 8 bits), nf4 and fp4 (bitsandbytes), int8 (LLM.int8), mxfp4, mxfp8, nvfp4, fp8 (e4m3 | e5m2, pc | pt). Options in any order: pc | g&lt;N&gt; (weight groups), sym | asym, act | noact (GPTQ act-order), cal&lt;N&gt;x&lt;T&gt; (GPTQ and AWQ calibration: N sequences of T tokens), dq | nodq (NF4/FP4 double quantization), a&lt;B&gt; | a&lt;B&gt;g&lt;N&gt; (integer activations), a4mx | a8mx | a4nv | a8fp | a8lt (MXFP4, MXFP8, NVFP4, FP8, LLM.int8 activations), &lt;kind&gt;=w&lt;B&gt;a&lt;B&gt; (mixed precision, kinds q, k, v, o, gate, up, down; down=a8mx for a format), rot | rot&lt;S&gt; | rotd (the model rotated first, as QuaRot: Hadamard rotations with random signs from seed 0 or S, or the plain ones; not with awq). &quot;none:a4&quot; quantizes activations only.</source>
        <translation>methode[:bits][:opties]. Methoden: none, rtn, gptq, awq (asymmetrisch, clip voor het afkappen van AutoAWQ), hqq (2, 3, 4, 8 bits), nf4 en fp4 (bitsandbytes), int8 (LLM.int8), mxfp4, mxfp8, nvfp4, fp8 (e4m3 | e5m2, pc | pt). Opties in willekeurige volgorde: pc | g&lt;N&gt; (gewichtsgroepen), sym | asym, act | noact (GPTQ act-order), cal&lt;N&gt;x&lt;T&gt; (kalibratie van GPTQ en AWQ: N reeksen van T tokens), dq | nodq (dubbele kwantisatie van NF4/FP4), a&lt;B&gt; | a&lt;B&gt;g&lt;N&gt; (gehele activaties), a4mx | a8mx | a4nv | a8fp | a8lt (MXFP4-, MXFP8-, NVFP4-, FP8-, LLM.int8-activaties), &lt;kind&gt;=w&lt;B&gt;a&lt;B&gt; (gemengde precisie, soorten q, k, v, o, gate, up, down; down=a8mx voor een formaat), rot | rot&lt;S&gt; | rotd (het model eerst geroteerd, zoals QuaRot: Hadamard-rotaties met willekeurige tekens uit seed 0 of S, of de gewone; niet met awq). &quot;none:a4&quot; kwantiseert alleen de activaties.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>One config per line, e.g. rtn:4:g128:sym, gptq:3:g128:sym:act, rtn:4:g128:sym:a4:down=a8, awq:4, none:a4, nf4, hqq:4, mxfp4:a4mx:down=a8mx or fp8:a8fp. The full-precision reference is always computed; configs already in the store are skipped.</source>
        <translation>Eén configuratie per regel, bijv. rtn:4:g128:sym, gptq:3:g128:sym:act, rtn:4:g128:sym:a4:down=a8, awq:4, none:a4, nf4, hqq:4, mxfp4:a4mx:down=a8mx of fp8:a8fp. De referentie in volle precisie wordt altijd berekend; configuraties die al in de opslag staan, worden overgeslagen.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 (activations only)</source>
        <translation>%1 (alleen activaties)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (as %2)</source>
        <translation>%1 (zoals %2)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (rotated W4A4, as QuaRot)</source>
        <translation>%1 (geroteerde W4A4, zoals QuaRot)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each quantizer with the settings of the library whose numbers it reproduces</source>
        <translation>Elke kwantisator met de instellingen van de bibliotheek waarvan hij de getallen reproduceert</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add</source>
        <translation>&amp;Toevoegen</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Run Sweep</source>
        <translation>Sweep &amp;uitvoeren</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>R&amp;un:</source>
        <translation>&amp;Run:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Configs:</source>
        <translation>&amp;Configuraties:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Method:</source>
        <translation>&amp;Methode:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Will run:</source>
        <translation>Wordt uitgevoerd:</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>The store holds no run to sweep.</source>
        <translation>Het resultatenbestand bevat geen run om te sweepen.</translation>
    </message>
</context>
<context>
    <name>qs::SweepJob</name>
    <message>
        <location filename="../itemmodels/jobs/sweepjob.cpp" line="+29"/>
        <source>Opening %1</source>
        <translation>%1 openen</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Reading the corpus of run %1</source>
        <translation>Corpus van run %1 lezen</translation>
    </message>
</context>
<context>
    <name>qs::TrajectoryAxes</name>
    <message>
        <location filename="../widgets/pages/trajectory/trajectoryaxes.cpp" line="+30"/>
        <source>same top-1 (%)</source>
        <translation>zelfde top-1 (%)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+135"/>
        <source>mean layer SQNR (dB)</source>
        <translation>gemiddelde laag-SQNR (dB)</translation>
    </message>
    <message>
        <location line="-134"/>
        <source>What the left axis shows for every quantization config: the change of the validation CE, the KL divergence of the quantized next-byte distribution from the full-precision one, the share of bytes whose most likely prediction stays the same, or the layers&apos; output SQNR</source>
        <translation>Wat de linkeras voor elke kwantisatieconfiguratie toont: de verandering van de validatie-CE, de KL-divergentie van de gekwantiseerde volgende-byteverdeling ten opzichte van die met volledige precisie, het aandeel bytes waarvan de waarschijnlijkste voorspelling gelijk blijft, of de output-SQNR van de lagen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Metric:</source>
        <translation>&amp;Maat:</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+235"/>
        <source>step</source>
        <translation>stap</translation>
    </message>
    <message>
        <location line="-234"/>
        <location line="+234"/>
        <source>tokens</source>
        <translation>tokens</translation>
    </message>
    <message>
        <location line="-233"/>
        <source>checkpoint order</source>
        <translation>volgorde van checkpoints</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;X axis:</source>
        <translation>&amp;X-as:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;FP val loss</source>
        <translation>&amp;FP-validatieverlies</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Also show the validation loss of the full-precision model</source>
        <translation>Ook het validatieverlies van het model met volledige precisie tonen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Log x</source>
        <translation>&amp;Log-x</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Logarithmic x axis (checkpoint 0 is not drawn)</source>
        <translation>Logaritmische x-as (checkpoint 0 wordt niet getekend)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>learning rate</source>
        <translation>leersnelheid</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>FP validation loss (nats)</source>
        <translation>FP-validatieverlies (nats)</translation>
    </message>
    <message>
        <location line="+98"/>
        <source>ΔCE = CE(Ŵ) − CE(W) (nats)</source>
        <translation>ΔCE = CE(Ŵ) − CE(W) (nats)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KL mean, KL(FP ‖ quantized) (nats per token)</source>
        <translation>KL-gemiddelde, KL(FP ‖ gekwantiseerd) (nats per token)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KL p99, KL(FP ‖ quantized) (nats per token)</source>
        <translation>KL p99, KL(FP ‖ gekwantiseerd) (nats per token)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>same top-1 as FP (% of tokens)</source>
        <translation>zelfde top-1 als FP (% van de tokens)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>relative CE (CE(Ŵ)/CE(W) − 1)</source>
        <translation>relatieve CE (CE(Ŵ)/CE(W) − 1)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>mean SQNR</source>
        <translation>gemiddelde SQNR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rel. CE</source>
        <translation>rel. CE</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 dB</source>
        <translation>%1 dB</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>checkpoint (in training order)</source>
        <translation>checkpoint (in trainingsvolgorde)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tokens (summed over the stages)</source>
        <translation>tokens (opgeteld over de fasen)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>step (summed over the stages)</source>
        <translation>stap (opgeteld over de fasen)</translation>
    </message>
</context>
<context>
    <name>qs::TrajectoryPage</name>
    <message>
        <location filename="../widgets/pages/trajectory/trajectorypage.cpp" line="+33"/>
        <source>Hover for values, click a checkpoint to inspect its layers, wheel to zoom, double-click to reset</source>
        <translation>Beweeg de muis voor waarden, klik op een checkpoint om de lagen te bekijken, scrol om te zoomen, dubbelklik om te herstellen</translation>
    </message>
    <message>
        <location line="+360"/>
        <source>run %1</source>
        <translation>run %1</translation>
    </message>
    <message>
        <location line="-208"/>
        <source>This store holds no runs</source>
        <translation>Dit resultatenbestand bevat geen runs</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open</source>
        <translation>Geen resultatenbestand geopend</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: quantization damage along training</source>
        <translation>%1: kwantisatieschade tijdens de training</translation>
    </message>
    <message>
        <location line="+200"/>
        <source>checkpoint %1: step %2, %3 tokens</source>
        <translation>checkpoint %1: stap %2, %3 tokens</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>not measured</source>
        <translation>niet gemeten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR %1, FP val CE %2</source>
        <translation>LR %1, FP-validatie-CE %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>not in the store</source>
        <translation>niet in het resultatenbestand</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not computed yet</source>
        <translation>nog niet berekend</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 ± %2 (s.e.)</source>
        <translation>%1 ± %2 (s.f.)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (95 % interval %2 – %3)</source>
        <translation>%1 (95 %-interval %2 – %3)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2 %3</source>
        <translation>%1: %2 %3</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>%1, at %2 steps and %3 tokens in all</source>
        <translation>%1, na %2 stappen en %3 tokens in totaal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no stage</source>
        <translation>geen fase</translation>
    </message>
</context>
<context>
    <name>qs::TrajectoryRuns</name>
    <message>
        <location filename="../widgets/pages/trajectory/trajectoryruns.cpp" line="+54"/>
        <source>&amp;Branches</source>
        <translation>&amp;Takken</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Also draw the run&apos;s family: the run it branched or was averaged from, and the cooldown branches and averaged runs made from it</source>
        <translation>Teken ook de familie van de run: de run waarvan hij is afgetakt of gemiddeld, en de afkoeltakken en gemiddelde runs die ervan zijn gemaakt</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Runs</source>
        <translation>&amp;Runs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Overlay other runs of the store: every run gets its own line style and marker, every config keeps its colour</source>
        <translation>Andere runs uit het resultatenbestand over elkaar tonen: elke run krijgt een eigen lijnstijl en markering, elke configuratie houdt haar kleur</translation>
    </message>
    <message>
        <location line="+170"/>
        <source>learning rate</source>
        <translation>leersnelheid</translation>
    </message>
    <message>
        <location line="+65"/>
        <source> (95 % band)</source>
        <translation> (95 %-band)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>FP val loss</source>
        <translation>FP-validatieverlies</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>train loss</source>
        <translation>trainingsverlies</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 (family)</source>
        <translation>%1 (familie)</translation>
    </message>
</context>
<context>
    <name>qs::TrajectoryShading</name>
    <message>
        <location filename="../widgets/pages/trajectory/trajectoryshading.cpp" line="+82"/>
        <source>warmup</source>
        <translation>opwarming</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stable</source>
        <translation>stabiel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR decay</source>
        <translation>LR-afbouw</translation>
    </message>
    <message>
        <location line="+44"/>
        <location line="+30"/>
        <source>no stage</source>
        <translation>geen fase</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>stage %1 · %2 ingredients</source>
        <translation>fase %1 · %2 ingrediënten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stage %1 · %2 branches</source>
        <translation>fase %1 · %2 takken</translation>
    </message>
</context>
</TS>
