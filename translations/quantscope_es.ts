<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es" sourcelanguage="en">
<context>
    <name>CheckpointFolder</name>
    <message>
        <location filename="../itemmodels/checkpointfolder.cpp" line="+59"/>
        <source>%1 is not a folder</source>
        <translation>%1 no es una carpeta</translation>
    </message>
    <message numerus="yes">
        <location line="+23"/>
        <source>No results store uses the checkpoints in %1 (looked at %n store(s) in it, next to it and among the recent ones). Sweep them into a store first: quantscope sweep --store S --run R</source>
        <translation>
            <numerusform>Ningún almacén de resultados usa los checkpoints de %1 (se revisó %n almacén en la carpeta, junto a ella y entre los recientes). Páselos primero por un barrido a un almacén: quantscope sweep --store S --run R</numerusform>
            <numerusform>Ningún almacén de resultados usa los checkpoints de %1 (se revisaron %n almacenes en la carpeta, junto a ella y entre los recientes). Páselos primero por un barrido a un almacén: quantscope sweep --store S --run R</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FigureExport</name>
    <message>
        <location filename="../widgets/plot/figureexport.cpp" line="+47"/>
        <source>Cannot write %1: %2</source>
        <translation>No se puede escribir %1: %2</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>QuantScope</source>
        <translation>QuantScope</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>QuantScope figure</source>
        <translation>Figura de QuantScope</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Cannot export %1: a figure is saved as .pdf, .svg or .png</source>
        <translation>No se puede exportar %1: una figura se guarda como .pdf, .svg o .png</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot export %1: there is no plot to export</source>
        <translation>No se puede exportar %1: no hay ningún gráfico que exportar</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cannot export %1: a figure of %2 × %3 in is out of range (at most %4 in a side)</source>
        <translation>No se puede exportar %1: una figura de %2 × %3 in está fuera de rango (como máximo %4 in por lado)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot export %1: %2 dpi is out of range (%3 to %4, at most %5 pixels a side)</source>
        <translation>No se puede exportar %1: %2 dpi está fuera de rango (de %3 a %4, como máximo %5 píxeles por lado)</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+26"/>
        <source>drawing the figure failed</source>
        <translation>no se pudo dibujar la figura</translation>
    </message>
    <message>
        <location line="+22"/>
        <location line="+51"/>
        <source>Cannot export %1: unknown figure format &quot;%2&quot; (use .pdf, .svg or .png)</source>
        <translation>No se puede exportar %1: formato de figura desconocido «%2» (use .pdf, .svg o .png)</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Cannot export %1: the %2 view shows nothing</source>
        <translation>No se puede exportar %1: la vista %2 no muestra nada</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cannot export %1: the %2 view shows no data</source>
        <translation>No se puede exportar %1: la vista %2 no muestra datos</translation>
    </message>
    <message>
        <location filename="../widgets/pages/figurepages.cpp" line="+101"/>
        <source>Cannot export %1: unknown metric &quot;%2&quot; (use one of %3)</source>
        <translation>No se puede exportar %1: métrica desconocida «%2» (use una de %3)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot export %1: the store %2 holds no runs</source>
        <translation>No se puede exportar %1: el almacén %2 no contiene ejecuciones</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot export %1: the store %2 has no run named &quot;%3&quot;</source>
        <translation>No se puede exportar %1: el almacén %2 no tiene ninguna ejecución llamada «%3»</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot export %1: this build has no trajectory view</source>
        <translation>No se puede exportar %1: esta compilación no tiene vista de trayectoria</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cannot export %1: no run is shown</source>
        <translation>No se puede exportar %1: no se muestra ninguna ejecución</translation>
    </message>
</context>
<context>
    <name>qs::AboutDialog</name>
    <message>
        <location filename="../app/gui/helpwindows.cpp" line="+64"/>
        <source>About QuantScope</source>
        <translation>Acerca de QuantScope</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>A workbench for how an LLM&apos;s training dynamics change how much it suffers from quantization: every checkpoint of a trajectory quantized, measured and shown.</source>
        <translation>Un banco de trabajo para ver cómo la dinámica de entrenamiento de un LLM cambia cuánto sufre con la cuantización: cada punto de control de una trayectoria cuantizado, medido y mostrado.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Running with:</source>
        <translation>Se ejecuta con:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It implements the methods of:</source>
        <translation>Implementa los métodos de:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Free software under the GNU General Public License, version 3 or later.</source>
        <translation>Software libre bajo la Licencia Pública General de GNU, versión 3 o posterior.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Copy Versions</source>
        <translation>&amp;Copiar versiones</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy the versions, e.g. for a bug report or a paper&apos;s methods section</source>
        <translation>Copiar las versiones, p. ej. para un informe de error o la sección de métodos de un artículo</translation>
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
        <translation>&amp;Métrica:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>per layer</source>
        <translation>por capa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>per module kind (mean over blocks)</source>
        <translation>por tipo de módulo (media sobre los bloques)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Bars:</source>
        <translation>&amp;Barras:</translation>
    </message>
    <message>
        <location line="+560"/>
        <source>weight
only</source>
        <translation>solo
pesos</translation>
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
        <translation>solo
activaciones</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>both</source>
        <translation>ambos</translation>
    </message>
    <message>
        <location line="-509"/>
        <location line="+273"/>
        <source>weight-only + activation-only</source>
        <translation>solo pesos + solo activaciones</translation>
    </message>
    <message>
        <location line="-105"/>
        <source>block (bars: module kinds in block order)</source>
        <translation>bloque (barras: tipos de módulo en el orden del bloque)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>block</source>
        <translation>bloque</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>module kind (mean over blocks)</source>
        <translation>tipo de módulo (media sobre los bloques)</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>This store holds no runs</source>
        <translation>Este almacén no contiene ejecuciones</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open</source>
        <translation>No hay ningún almacén abierto</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>full-precision model</source>
        <translation>modelo de precisión completa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no config</source>
        <translation>sin configuración</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (not computed at this checkpoint)</source>
        <translation>%1 (no calculado en este punto de control)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (ranks the layers as the measured leave-one-in KL with Spearman ρ = %2)</source>
        <translation>%1 (ordena las capas como la KL medida dejando solo cada una, con ρ de Spearman = %2)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, step %2: %3, %4</source>
        <translation>%1, paso %2: %3, %4</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>W only + A only</source>
        <translation>solo W + solo A</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No weight-only / activation-only / both trio for this config in the run</source>
        <translation>La ejecución no tiene para esta configuración el trío solo pesos / solo activaciones / ambos</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Decomposition: %1 + %2 vs %3</source>
        <translation>Descomposición: %1 + %2 frente a %3</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1: both / sum = %2</source>
        <translation>%1: ambos / suma = %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: not computed at this checkpoint</source>
        <translation>%1: no calculado en este punto de control</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>not computed</source>
        <translation>no calculado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1
block %2 · %3
%4: %5</source>
        <translation>%1
bloque %2 · %3
%4: %5</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%1 layers
%2: %3, mean over %n block(s)</source>
        <translation>
            <numerusform>%1 capas
%2: %3, media sobre %n bloque</numerusform>
            <numerusform>%1 capas
%2: %3, media sobre %n bloques</numerusform>
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
        <translation>Las tareas del barrido enviado al clúster (quantscope status)</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Cluster: cannot read the plan</source>
        <translation>Clúster: no se puede leer el plan</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cluster: %1 of %2 tasks done</source>
        <translation>Clúster: %1 de %2 tareas terminadas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 running</source>
        <translation>%1 en ejecución</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 pending</source>
        <translation>%1 en espera</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 failed</source>
        <translation>%1 fallidas</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source> · %n entries not merged</source>
        <translation>
            <numerusform> · %n entrada sin fusionar</numerusform>
            <numerusform> · %n entradas sin fusionar</numerusform>
        </translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Cluster Tasks</source>
        <translation>Tareas del clúster</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Task</source>
        <translation>Tarea</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Entries</source>
        <translation>Entradas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Job</source>
        <translation>Trabajo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Log and last error</source>
        <translation>Registro y último error</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Refresh</source>
        <translation>&amp;Actualizar</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Shards in %1: %2 tasks; done %3, running %4, pending %5, failed %6, not submitted %7.</source>
        <translation>Fragmentos en %1: %2 tareas; terminadas %3, en ejecución %4, en espera %5, fallidas %6, sin enviar %7.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No queue information (%1).</source>
        <translation>Sin información de la cola (%1).</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>The views show %n entries of the shards that are not merged yet (quantscope merge).</source>
        <translation>
            <numerusform>Las vistas muestran %n entrada de los fragmentos que aún no está fusionada (quantscope merge).</numerusform>
            <numerusform>Las vistas muestran %n entradas de los fragmentos que aún no están fusionadas (quantscope merge).</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Submit the unfinished tasks again: quantscope submit --store %1 --resubmit.</source>
        <translation>Envíe de nuevo las tareas sin terminar: quantscope submit --store %1 --resubmit.</translation>
    </message>
</context>
<context>
    <name>qs::CoefficientModel</name>
    <message>
        <location filename="../itemmodels/coefficientmodel.cpp" line="+65"/>
        <source>published</source>
        <translation>publicado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fit</source>
        <translation>ajuste</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>user edit</source>
        <translation>edición del usuario</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+45"/>
        <source>unset</source>
        <translation>sin definir</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>%1 (name in JSON and on the command line: %2)</source>
        <translation>%1 (nombre en JSON y en la línea de órdenes: %2)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Double-click to edit; clear the cell to unset the coefficient</source>
        <translation>Doble clic para editar; vacíe la celda para dejar el coeficiente sin definir</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not known: fit the law to data, load a fitted law, or type a value</source>
        <translation>Desconocido: ajuste la ley a los datos, cargue una ley ajustada o escriba un valor</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>[%1, %2]</source>
        <translation>[%1, %2]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bootstrap 95 % percentile interval of the fit</source>
        <translation>Intervalo de percentiles bootstrap al 95 % del ajuste</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Coefficient</source>
        <translation>Coeficiente</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Source</source>
        <translation>Origen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reference</source>
        <translation>Referencia</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>95 % CI</source>
        <translation>IC 95 %</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>edited by hand</source>
        <translation>editado a mano</translation>
    </message>
</context>
<context>
    <name>qs::DocumentationWindow</name>
    <message>
        <location filename="../app/gui/helpwindows.cpp" line="+80"/>
        <source>QuantScope Documentation</source>
        <translation>Documentación de QuantScope</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>%1 is not part of the documentation shipped with QuantScope; it is in QuantScope&apos;s source tree.</source>
        <translation>%1 no forma parte de la documentación incluida con QuantScope; está en el árbol de código fuente de QuantScope.</translation>
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
        <translation>Exportar figura</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PDF (vector)</source>
        <translation>PDF (vectorial)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SVG (vector)</source>
        <translation>SVG (vectorial)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG (raster)</source>
        <translation>PNG (mapa de bits)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV (the data behind the plot)</source>
        <translation>CSV (los datos del gráfico)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>single column (%1 in wide)</source>
        <translation>una columna (%1 in de ancho)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>double column (%1 in wide)</source>
        <translation>dos columnas (%1 in de ancho)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>custom</source>
        <translation>personalizado</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>auto (%1 × width)</source>
        <translation>auto (%1 × ancho)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>paper: black on white, the font and lines below</source>
        <translation>artículo: negro sobre blanco, con la fuente y las líneas de abajo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>screen: as shown</source>
        <translation>pantalla: como se muestra</translation>
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
        <translation>debajo del gráfico</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>inside, top right</source>
        <translation>dentro, arriba a la derecha</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Output</source>
        <translation>Salida</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Format:</source>
        <translation>&amp;Formato:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Size:</source>
        <translation>&amp;Tamaño:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Width:</source>
        <translation>&amp;Ancho:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Height:</source>
        <translation>A&amp;lto:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Resolution:</source>
        <translation>&amp;Resolución:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Style</source>
        <translation>Estilo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S&amp;tyle:</source>
        <translation>&amp;Estilo:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>F&amp;ont:</source>
        <translation>F&amp;uente:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Font si&amp;ze:</source>
        <translation>Tamaño de fue&amp;nte:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Line width:</source>
        <translation>&amp;Grosor de línea:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L&amp;egend:</source>
        <translation>Le&amp;yenda:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Export…</source>
        <translation>E&amp;xportar…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Vector formats keep text as text and scale without loss; CSV saves the numbers the plot shows</source>
        <translation>Los formatos vectoriales conservan el texto como texto y escalan sin pérdida; CSV guarda los números que muestra el gráfico</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Journal column widths; the figure is made at this physical size, so fonts keep their point size when it is placed at 100 %</source>
        <translation>Anchos de columna de revista; la figura se crea con este tamaño físico, de modo que las fuentes conservan su tamaño en puntos al insertarla al 100 %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leave at &quot;auto&quot; for %1 × the width</source>
        <translation>Déjelo en «auto» para %1 × el ancho</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pixels per inch of the PNG (300 for print)</source>
        <translation>Píxeles por pulgada del PNG (300 para impresión)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paper: black on white with the font, line width and legend chosen here. Screen: the plot as the page shows it, at the size chosen above</source>
        <translation>Artículo: negro sobre blanco con la fuente, el grosor de línea y la leyenda elegidos aquí. Pantalla: el gráfico tal como lo muestra la página, con el tamaño elegido arriba</translation>
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
        <translation>Guardado %1</translation>
    </message>
    <message>
        <location line="-25"/>
        <location line="+22"/>
        <location line="+64"/>
        <source>Cannot export figure</source>
        <translation>No se puede exportar la figura</translation>
    </message>
    <message>
        <location line="-74"/>
        <source>Open Store</source>
        <translation>Abrir almacén</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QuantScope stores (*.h5 *.hdf5);;All files (*)</source>
        <translation>Almacenes de QuantScope (*.h5 *.hdf5);;Todos los archivos (*)</translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+20"/>
        <source>Export %1</source>
        <translation>Exportar %1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Saving %1…</source>
        <translation>Guardando %1…</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Cannot open checkpoints</source>
        <translation>No se pueden abrir los checkpoints</translation>
    </message>
    <message numerus="yes">
        <location line="+21"/>
        <source>Imported %n revision(s) as run %1; File &gt; Run Sweep quantizes them</source>
        <translation>
            <numerusform>%n revisión importada como ejecución %1; Archivo &gt; Ejecutar barrido la cuantiza</numerusform>
            <numerusform>%n revisiones importadas como ejecución %1; Archivo &gt; Ejecutar barrido las cuantiza</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Importing run %1…</source>
        <translation>Importando la ejecución %1…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Import failed</source>
        <translation>La importación falló</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Import cancelled</source>
        <translation>Importación cancelada</translation>
    </message>
</context>
<context>
    <name>qs::FitJob</name>
    <message>
        <location filename="../itemmodels/jobs/fitjob.cpp" line="+21"/>
        <source>Preparing the fit of %1 points</source>
        <translation>Preparando el ajuste de %1 puntos</translation>
    </message>
</context>
<context>
    <name>qs::HeatmapPage</name>
    <message>
        <location filename="../widgets/pages/heatmappage.cpp" line="+122"/>
        <source>%1 (FP reference)</source>
        <translation>%1 (referencia FP)</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>&amp;Metric:</source>
        <translation>&amp;Métrica:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>by block</source>
        <translation>por bloque</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>by module kind</source>
        <translation>por tipo de módulo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rows block by block (q k v o gate up down of block 0, then block 1, …), or kind by kind (every block&apos;s q, then every k, …, FC2 = down last)</source>
        <translation>Filas bloque a bloque (q k v o gate up down del bloque 0, luego el bloque 1, …) o tipo a tipo (la q de cada bloque, luego cada k, …, FC2 = down al final)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Rows:</source>
        <translation>&amp;Filas:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Log colours</source>
        <translation>Colores &amp;log</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Map colours on a logarithmic scale, for metrics spanning decades such as the input kurtosis; cells ≤ 0 are then drawn grey</source>
        <translation>Asigna los colores en escala logarítmica, para métricas que abarcan varios órdenes de magnitud como la curtosis de entrada; las celdas ≤ 0 se dibujan entonces en gris</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>checkpoint (training step)</source>
        <translation>punto de control (paso de entrenamiento)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>layer (block·kind)</source>
        <translation>capa (bloque·tipo)</translation>
    </message>
    <message>
        <location line="+187"/>
        <source>block %1 · %2 · checkpoint %3, step %4</source>
        <translation>bloque %1 · %2 · punto de control %3, paso %4</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: not available, the run has no full-precision reference (config &quot;fp&quot;)</source>
        <translation>%1: no disponible; la ejecución no tiene referencia de precisión completa (configuración «fp»)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: not computed, checkpoint %2 has not been swept with %3 yet</source>
        <translation>%1: no calculado; el punto de control %2 aún no se ha barrido con %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: no value, %2 leaves this layer in full precision or the metric does not apply to it</source>
        <translation>%1: sin valor; %2 deja esta capa en precisión completa o la métrica no se aplica a ella</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(≤ 0: drawn grey on the log colour scale)</source>
        <translation>(≤ 0: en gris en la escala de color logarítmica)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(measured on the full-precision model&apos;s inputs)</source>
        <translation>(medido en las entradas del modelo de precisión completa)</translation>
    </message>
    <message>
        <location line="+142"/>
        <source>%1, log scale</source>
        <translation>%1, escala logarítmica</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>This store holds no runs</source>
        <translation>Este almacén no contiene ejecuciones</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open</source>
        <translation>No hay ningún almacén abierto</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no per-layer metrics</source>
        <translation>sin métricas por capa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>full-precision model</source>
        <translation>modelo de precisión completa</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no config</source>
        <translation>sin configuración</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2 per layer, %3</source>
        <translation>%1: %2 por capa, %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>config: %1</source>
        <translation>configuración: %1</translation>
    </message>
</context>
<context>
    <name>qs::ImportDialog</name>
    <message>
        <location filename="../widgets/dialogs/importdialog.cpp" line="+42"/>
        <source>Import Hugging Face Trajectory</source>
        <translation>Importar trayectoria de Hugging Face</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A folder of revision folders (each with config.json and safetensors weights), or one revision</source>
        <translation>Una carpeta de carpetas de revisiones (cada una con config.json y pesos safetensors), o una sola revisión</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Validation and calibration data: a text file, or token ids (.npy, or raw uint16 .bin)</source>
        <translation>Datos de validación y calibración: un archivo de texto o ids de tokens (.npy, o .bin uint16 sin cabecera)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The model&apos;s tokenizer.json; found in the first revision folder when it has one</source>
        <translation>El tokenizer.json del modelo; se toma de la primera carpeta de revisión si lo tiene</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>optional, e.g. wsd:peak=3e-4,warmup=2000,total=143000,decay=0.2</source>
        <translation>opcional, p. ej. wsd:peak=3e-4,warmup=2000,total=143000,decay=0.2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Evaluation blocks of the sequence length, when no token budget is given</source>
        <translation>Bloques de evaluación de la longitud de secuencia, si no se da un presupuesto de tokens</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the sequence length</source>
        <translation>la longitud de secuencia</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens between the starts of evaluation blocks; a block after the first scores only the tokens it adds, as Hugging Face&apos;s strided perplexity does</source>
        <translation>Tokens entre los inicios de los bloques de evaluación; cada bloque tras el primero puntúa solo los tokens que añade, como la perplejidad con paso de Hugging Face</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the evaluation blocks above</source>
        <translation>los bloques de evaluación de arriba</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Evaluation tokens, cut into blocks of the sequence length at the stride</source>
        <translation>Tokens de evaluación, cortados en bloques de la longitud de secuencia con el paso indicado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>optional: windows of the data before the evaluation blocks</source>
        <translation>opcional: ventanas de los datos anteriores a los bloques de evaluación</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Calibration data of its own: a text file (documents separated by empty lines), JSON lines with a &quot;text&quot; field, or token ids; GPTQ takes its first documents</source>
        <translation>Datos de calibración propios: un archivo de texto (documentos separados por líneas vacías), líneas JSON con un campo &quot;text&quot; o ids de tokens; GPTQ toma sus primeros documentos</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All files (*)</source>
        <translation>Todos los archivos (*)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Revisions:</source>
        <translation>&amp;Revisiones:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder of revisions</source>
        <translation>Carpeta de revisiones</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Data:</source>
        <translation>&amp;Datos:</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Evaluation data</source>
        <translation>Datos de evaluación</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokenizer</source>
        <translation>Tokenizador</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>tokenizer.json (*.json)</source>
        <translation>tokenizer.json (*.json)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Tokenizer:</source>
        <translation>&amp;Tokenizador:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sequence &amp;length:</source>
        <translation>&amp;Longitud de secuencia:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Evaluation blocks:</source>
        <translation>Bloques de &amp;evaluación:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Str&amp;ide:</source>
        <translation>Pa&amp;so:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Token &amp;budget:</source>
        <translation>&amp;Presupuesto de tokens:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Calibration:</source>
        <translation>&amp;Calibración:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Calibration data</source>
        <translation>Datos de calibración</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR &amp;schedule:</source>
        <translation>&amp;Programa de LR:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>R&amp;un:</source>
        <translation>&amp;Ejecución:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>St&amp;ore:</source>
        <translation>&amp;Almacén:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Results store</source>
        <translation>Almacén de resultados</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>QuantScope stores (*.h5)</source>
        <translation>Almacenes de QuantScope (*.h5)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Import</source>
        <translation>&amp;Importar</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Choose the folder of revisions.</source>
        <translation>Elija la carpeta de revisiones.</translation>
    </message>
    <message numerus="yes">
        <location line="+26"/>
        <source>%n revision(s), steps %1</source>
        <translation>
            <numerusform>%n revisión, pasos %1</numerusform>
            <numerusform>%n revisiones, pasos %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Choose the evaluation data: a text file or token ids.</source>
        <translation>Elija los datos de evaluación: un archivo de texto o ids de tokens.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The data file %1 does not exist.</source>
        <translation>El archivo de datos %1 no existe.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A text needs the model&apos;s tokenizer.json; %1 does not exist.</source>
        <translation>Un texto necesita el tokenizer.json del modelo; %1 no existe.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The calibration file %1 does not exist.</source>
        <translation>El archivo de calibración %1 no existe.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Name the run.</source>
        <translation>Ponga nombre a la ejecución.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the store the run goes into.</source>
        <translation>Elija el almacén donde irá la ejecución.</translation>
    </message>
</context>
<context>
    <name>qs::ImportJob</name>
    <message>
        <location filename="../itemmodels/jobs/importjob.cpp" line="+27"/>
        <source>Reading the revisions of %1</source>
        <translation>Leyendo las revisiones de %1</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Imported %n revision(s)</source>
        <translation>
            <numerusform>%n revisión importada</numerusform>
            <numerusform>%n revisiones importadas</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::Job</name>
    <message numerus="yes">
        <location filename="../itemmodels/jobs/job.cpp" line="+52"/>
        <source>about %n s left</source>
        <translation>
            <numerusform>queda %n s aprox.</numerusform>
            <numerusform>quedan %n s aprox.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>about %n min left</source>
        <translation>
            <numerusform>queda %n min aprox.</numerusform>
            <numerusform>quedan %n min aprox.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>about %1 h %2 min left</source>
        <translation>quedan %1 h %2 min aprox.</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>unknown error</source>
        <translation>error desconocido</translation>
    </message>
</context>
<context>
    <name>qs::JobControl</name>
    <message>
        <location filename="../app/gui/jobcontrol.cpp" line="+56"/>
        <location line="+38"/>
        <source>Another job is running; cancel it first</source>
        <translation>Hay otra tarea en curso; cancélela primero</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>Demo finished: %1</source>
        <translation>Demo terminada: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Starting the demo in %1…</source>
        <translation>Iniciando la demo en %1…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Demo failed</source>
        <translation>La demo ha fallado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Demo cancelled; the store keeps everything computed so far</source>
        <translation>Demo cancelada; el almacén conserva todo lo calculado hasta ahora</translation>
    </message>
    <message numerus="yes">
        <location line="+36"/>
        <source>Sweep of %1 finished: %n entries computed</source>
        <translation>
            <numerusform>Barrido de %1 terminado: %n entrada calculada</numerusform>
            <numerusform>Barrido de %1 terminado: %n entradas calculadas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>, %n already in the store</source>
        <translation>
            <numerusform>, %n ya estaba en el almacén</numerusform>
            <numerusform>, %n ya estaban en el almacén</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Sweeping %n config(s) over run %1…</source>
        <translation>
            <numerusform>Barriendo %n configuración sobre la ejecución %1…</numerusform>
            <numerusform>Barriendo %n configuraciones sobre la ejecución %1…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sweep failed</source>
        <translation>El barrido ha fallado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sweep cancelled; the store keeps every entry finished so far</source>
        <translation>Barrido cancelado; el almacén conserva todas las entradas terminadas hasta ahora</translation>
    </message>
</context>
<context>
    <name>qs::LabActions</name>
    <message>
        <location filename="../app/gui/labactions.cpp" line="+40"/>
        <source>Run Re&amp;cipe</source>
        <translation>Ejecutar re&amp;ceta</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Recipes unavailable: %1</source>
        <translation>Recetas no disponibles: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%1 (about %n min)</source>
        <translation>
            <numerusform>%1 (unos %n min)</numerusform>
            <numerusform>%1 (unos %n min)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Another job is running; cancel it first</source>
        <translation>Hay otra tarea en curso; cancélela primero</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>, %n figure(s)</source>
        <translation>
            <numerusform>, %n figura</numerusform>
            <numerusform>, %n figuras</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, figures failed: %1</source>
        <translation>, las figuras fallaron: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recipe %1 finished in %2 min: report %3%4</source>
        <translation>Receta %1 terminada en %2 min: informe %3%4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Starting recipe %1 in %2…</source>
        <translation>Iniciando la receta %1 en %2…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Recipe failed</source>
        <translation>La receta falló</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recipe cancelled; the store keeps everything finished so far, run it again to resume</source>
        <translation>Receta cancelada; el almacén conserva todo lo terminado hasta ahora, ejecútela de nuevo para continuar</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Branch a Cooldown…</source>
        <translation>&amp;Ramificar un enfriamiento…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Branch a Cooldown</source>
        <translation>Ramificar un enfriamiento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Linear LR decay to the run&apos;s min LR, from checkpoint step %1 of %2.
Cooldown length (steps):</source>
        <translation>Decaimiento lineal del LR hasta el LR mínimo de la ejecución, desde el checkpoint del paso %1 de %2.
Duración del enfriamiento (pasos):</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Train a cooldown branch from the selected checkpoint (the run must keep its optimizer states); it is drawn with its parent</source>
        <translation>Entrenar una rama de enfriamiento desde el checkpoint seleccionado (la ejecución debe conservar sus estados del optimizador); se dibuja con su ejecución madre</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Average Checkpoints (LAWA)…</source>
        <translation>&amp;Promediar checkpoints (LAWA)…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Average Checkpoints (LAWA)</source>
        <translation>Promediar checkpoints (LAWA)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Uniform average of the last k checkpoints of %1, at every checkpoint.
Window k:</source>
        <translation>Promedio uniforme de los últimos k checkpoints de %1, en cada checkpoint.
Ventana k:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Make a run of rolling checkpoint averages (LAWA) of the selected run, to sweep like any other</source>
        <translation>Crear una ejecución de promedios móviles de checkpoints (LAWA) de la ejecución seleccionada, para barrerla como cualquier otra</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Make a Model Soup…</source>
        <translation>Crear una s&amp;opa de modelos…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Average chosen checkpoints of the selected run, with weights of your choice, into a run of one checkpoint (a model soup), to sweep like any other</source>
        <translation>Promediar checkpoints elegidos de la ejecución seleccionada, con los pesos que elija, en una ejecución de un solo checkpoint (una sopa de modelos), para barrerla como cualquier otra</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Training the cooldown %1…</source>
        <translation>Entrenando el enfriamiento %1…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Averaging %1 into %2…</source>
        <translation>Promediando %1 en %2…</translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>Averaging %n checkpoint(s) into the soup %1…</source>
        <translation>
            <numerusform>Promediando %n checkpoint en la sopa %1…</numerusform>
            <numerusform>Promediando %n checkpoints en la sopa %1…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model soup failed</source>
        <translation>La sopa de modelos falló</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Soup cancelled; the store is as it was</source>
        <translation>Sopa cancelada; el almacén queda como estaba</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Run %1 is in the store; File &gt; Run Sweep quantizes it</source>
        <translation>La ejecución %1 está en el almacén; Archivo &gt; Ejecutar barrido la cuantiza</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Intervention failed</source>
        <translation>La intervención falló</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled; what was finished is in the store, the same action resumes it</source>
        <translation>Cancelado; lo terminado está en el almacén, la misma acción lo reanuda</translation>
    </message>
</context>
<context>
    <name>qs::LayerTableModel</name>
    <message>
        <location filename="../itemmodels/layertablemodel.cpp" line="+65"/>
        <source>Per-layer metric &quot;%1&quot; from the store</source>
        <translation>Métrica por capa «%1» del almacén</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Not computed for this checkpoint yet</source>
        <translation>Aún no calculado para este punto de control</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 out × %2 in features, %3 weights</source>
        <translation>%1 características de salida × %2 de entrada, %3 pesos</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>layer</source>
        <translation>capa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>block</source>
        <translation>bloque</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>kind</source>
        <translation>tipo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shape</source>
        <translation>forma</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Tensor name in the checkpoint</source>
        <translation>Nombre del tensor en el punto de control</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Transformer block index</source>
        <translation>Índice del bloque Transformer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Projection: q, k, v, o (attention) or gate, up, down (MLP)</source>
        <translation>Proyección: q, k, v, o (atención) o gate, up, down (MLP)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Out features × in features</source>
        <translation>Características de salida × de entrada</translation>
    </message>
</context>
<context>
    <name>qs::LayerTablePage</name>
    <message>
        <location filename="../widgets/pages/layertablepage.cpp" line="+26"/>
        <source>&amp;Config:</source>
        <translation>&amp;Configuración:</translation>
    </message>
    <message>
        <location line="+93"/>
        <source>This store holds no runs.</source>
        <translation>Este almacén no contiene ejecuciones.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open.</source>
        <translation>No hay ningún almacén abierto.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Click a checkpoint in the plot to see its layers.</source>
        <translation>Haga clic en un punto de control del gráfico para ver sus capas.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This run has no checkpoints yet.</source>
        <translation>Esta ejecución aún no tiene puntos de control.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Checkpoint %1: step %2, %3 tokens, LR %4</source>
        <translation>Punto de control %1: paso %2, %3 tokens, LR %4</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> (not quantized with this config yet)</source>
        <translation> (aún no cuantizado con esta configuración)</translation>
    </message>
</context>
<context>
    <name>qs::MainWindow</name>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="+88"/>
        <source>&amp;Heatmap</source>
        <translation>Ma&amp;pa de calor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Breakdown</source>
        <translation>&amp;Desglose</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Outliers</source>
        <translation>A&amp;típicos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Layers</source>
        <translation>&amp;Capas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;PTQ vs LR decay</source>
        <translation>&amp;PTQ frente al descenso de LR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Scaling laws</source>
        <translation>&amp;Leyes de escala</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Runs</source>
        <translation>Ejecuciones</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Run</source>
        <translation>Ejecución</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run: </source>
        <translation>Ejecución: </translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindowmenus.cpp" line="+34"/>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Open…</source>
        <translation>&amp;Abrir…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a QuantScope results store (.h5)</source>
        <translation>Abre un almacén de resultados de QuantScope (.h5)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open &amp;Recent</source>
        <translation>Abrir &amp;recientes</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run &amp;Demo</source>
        <translation>Ejecutar &amp;demo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Train a small byte-level LM with a WSD schedule and quantize every checkpoint</source>
        <translation>Entrena un LM pequeño a nivel de byte con un programa WSD y cuantiza cada punto de control</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run &amp;Sweep…</source>
        <translation>Ejecutar &amp;barrido…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Quantize every checkpoint of a run of this store with configs of your choice</source>
        <translation>Cuantiza cada punto de control de una ejecución de este almacén con las configuraciones que elija</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Import Hugging Face Trajectory…</source>
        <translation>&amp;Importar trayectoria de Hugging Face…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Make a run of a folder of Hugging Face revisions, to sweep like a trained run</source>
        <translation>Crea una ejecución a partir de una carpeta de revisiones de Hugging Face, para barrerla como una ejecución entrenada</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Export Figure…</source>
        <translation>&amp;Exportar figura…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Main</source>
        <translation>Principal</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Theme</source>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+20"/>
        <source>&amp;System</source>
        <translation>&amp;Sistema</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>&amp;Light</source>
        <translation>&amp;Claro</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark</source>
        <translation>&amp;Oscuro</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Follow the language of the operating system</source>
        <translation>Usa el idioma del sistema operativo</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QuantScope &amp;Documentation</source>
        <translation>&amp;Documentación de QuantScope</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Read the README and the guides (clusters, recipes, scaling laws, the store&apos;s format)</source>
        <translation>Leer el README y las guías (clústeres, recetas, leyes de escalado, el formato del almacén)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>Atajos de &amp;teclado</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;About QuantScope</source>
        <translation>&amp;Acerca de QuantScope</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The new language applies the next time QuantScope starts.</source>
        <translation>El nuevo idioma se aplicará la próxima vez que se inicie QuantScope.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <location filename="../app/gui/jobstatusarea.cpp" line="+36"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the running job at its next safe point</source>
        <translation>Detiene la tarea en curso en su próximo punto seguro</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindowmenus.cpp" line="+28"/>
        <source>No recent stores</source>
        <translation>No hay almacenes recientes</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Clear Menu</source>
        <translation>&amp;Vaciar menú</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="+146"/>
        <source>Loading %1…</source>
        <translation>Cargando %1…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Loaded %1</source>
        <translation>Cargado %1</translation>
    </message>
    <message>
        <location filename="../itemmodels/storefollower.cpp" line="+133"/>
        <source>Waiting for %1: %2</source>
        <translation>Esperando a %1: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="+24"/>
        <source>Cannot open store</source>
        <translation>No se puede abrir el almacén</translation>
    </message>
    <message>
        <location filename="../itemmodels/storefollower.cpp" line="+6"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="+57"/>
        <source>Run %1: %2 schedule, %3 checkpoints, trained on %4</source>
        <translation>Ejecución %1: programa %2, %3 puntos de control, entrenada con %4</translation>
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
        <translation>Cancelando…</translation>
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
        <translation>CE relativa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KL mean (nats)</source>
        <translation>KL media (nats)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KL mean</source>
        <translation>KL media</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KL p99</source>
        <translation>KL p99</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>same top-1</source>
        <translation>mismo top-1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weight rel. error</source>
        <translation>error rel. de pesos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SQNR (dB)</source>
        <translation>SQNR (dB)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GPTQ loss</source>
        <translation>pérdida GPTQ</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPTQ damping</source>
        <translation>amortiguación GPTQ</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>input kurtosis</source>
        <translation>curtosis de entrada</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>input absmax</source>
        <translation>absmax de entrada</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>absmax / median</source>
        <translation>absmax / mediana</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>outlier channels (&gt;6)</source>
        <translation>canales atípicos (&gt;6)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leave-one-in ΔCE (nats/byte)</source>
        <translation>ΔCE dejando solo esta (nats/byte)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leave-one-in ΔCE</source>
        <translation>ΔCE dejando solo esta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ΔCE of the model with only this layer quantized as the config asks: the damage this layer causes on its own</source>
        <translation>ΔCE del modelo con solo esta capa cuantizada como pide la configuración: el daño que causa esta capa por sí sola</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leave-one-in KL (nats)</source>
        <translation>KL dejando solo esta (nats)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leave-one-in KL</source>
        <translation>KL dejando solo esta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean KL(P_fp ‖ P_q) of the model with only this layer quantized as the config asks</source>
        <translation>KL(P_fp ‖ P_q) media del modelo con solo esta capa cuantizada como pide la configuración</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>leave-one-out ΔCE (nats/byte)</source>
        <translation>ΔCE dejando fuera esta (nats/byte)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leave-one-out ΔCE</source>
        <translation>ΔCE dejando fuera esta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ΔCE of the model with every layer but this one quantized: the lower it is below the config&apos;s ΔCE, the more keeping this layer in full precision saves</source>
        <translation>ΔCE del modelo con todas las capas cuantizadas menos esta: cuanto más baja quede respecto al ΔCE de la configuración, más ahorra mantener esta capa en precisión completa</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leave-one-out KL (nats)</source>
        <translation>KL dejando fuera esta (nats)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leave-one-out KL</source>
        <translation>KL dejando fuera esta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean KL(P_fp ‖ P_q) of the model with every layer but this one quantized</source>
        <translation>KL(P_fp ‖ P_q) media del modelo con todas las capas cuantizadas menos esta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fisher estimate (nats/byte)</source>
        <translation>estimación de Fisher (nats/byte)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fisher estimate</source>
        <translation>estimación de Fisher</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Second-order estimate of the leave-one-in ΔCE from the calibration data, ½ Σ F ⊙ (Ŵ − W)² with F the diagonal empirical Fisher information; it sees the weight error only</source>
        <translation>Estimación de segundo orden del ΔCE dejando solo esta capa a partir de los datos de calibración, ½ Σ F ⊙ (Ŵ − W)² con F la diagonal de la información de Fisher empírica; solo ve el error de los pesos</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>Relative weight error ‖Ŵ − W‖ / ‖W‖ (Frobenius norm)</source>
        <translation>Error relativo de los pesos ‖Ŵ − W‖ / ‖W‖ (norma de Frobenius)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Signal-to-quantization-noise ratio of the layer&apos;s output on the calibration inputs, 10·log₁₀(‖Y‖² / ‖Y − Ŷ‖²) in dB; higher is better. Empty where the layer is not quantized</source>
        <translation>Relación señal/ruido de cuantización de la salida de la capa con las entradas de calibración, 10·log₁₀(‖Y‖² / ‖Y − Ŷ‖²) en dB; cuanto mayor, mejor. Vacío donde la capa no está cuantizada</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GPTQ&apos;s per-layer loss Σ (w − q)² / [H⁻¹]ᵢᵢ² / 2 (the reference implementation&apos;s number)</source>
        <translation>Pérdida de GPTQ por capa Σ (w − q)² / [H⁻¹]ᵢᵢ² / 2 (la cifra de la implementación de referencia)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Damping added to the Hessian&apos;s diagonal (raised when the Cholesky factorisation failed)</source>
        <translation>Amortiguación añadida a la diagonal de la hessiana (se aumenta si falla la factorización de Cholesky)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pearson kurtosis of the layer&apos;s input activations (3 for a Gaussian; large values mean heavy tails that make activation quantization hard). Measured on the full-precision model</source>
        <translation>Curtosis de Pearson de las activaciones de entrada de la capa (3 para una gaussiana; valores grandes indican colas pesadas que dificultan la cuantización de activaciones). Medida en el modelo de precisión completa</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Largest |x| of the layer&apos;s input activations, the full-precision model&apos;s</source>
        <translation>Mayor |x| de las activaciones de entrada de la capa, en el modelo de precisión completa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Largest |x| of the layer&apos;s input activations divided by their median |x|: how far the outliers stretch an absmax quantization grid</source>
        <translation>Mayor |x| de las activaciones de entrada de la capa dividido por su mediana de |x|: cuánto estiran los valores atípicos una rejilla de cuantización absmax</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Number of input channels whose largest |x| exceeds 6 (the outlier magnitude of LLM.int8())</source>
        <translation>Número de canales de entrada cuyo mayor |x| supera 6 (la magnitud de valor atípico de LLM.int8())</translation>
    </message>
</context>
<context>
    <name>qs::OutlierPage</name>
    <message>
        <location filename="../widgets/pages/outlierpage.cpp" line="+38"/>
        <source>1 channel above %1</source>
        <translation>1 canal por encima de %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 channels above %2</source>
        <translation>%1 canales por encima de %2</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>The layer whose input activations are shown</source>
        <translation>La capa cuyas activaciones de entrada se muestran</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Layer:</source>
        <translation>&amp;Capa:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FC2 &amp;inputs</source>
        <translation>&amp;Entradas de FC2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the input of this block&apos;s down_proj (FC2), where the activation outliers concentrate</source>
        <translation>Muestra la entrada de la down_proj (FC2) de este bloque, donde se concentran los valores atípicos de activación</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>L&amp;og scale</source>
        <translation>Escala &amp;log</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Logarithmic value axes: channel maxima, histogram counts and kurtosis</source>
        <translation>Ejes de valores logarítmicos: máximos por canal, recuentos del histograma y curtosis</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hover for values, click a kurtosis point to select its checkpoint</source>
        <translation>Ratón encima: valores; clic en un punto de curtosis: selecciona su punto de control</translation>
    </message>
    <message>
        <location line="+481"/>
        <source>Histogram of the channel maxima</source>
        <translation>Histograma de los máximos por canal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Input kurtosis along training</source>
        <translation>Curtosis de entrada a lo largo del entrenamiento</translation>
    </message>
    <message>
        <location line="-343"/>
        <source>input channel</source>
        <translation>canal de entrada</translation>
    </message>
    <message>
        <location line="-28"/>
        <location line="+29"/>
        <source>max |x|</source>
        <translation>máx |x|</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>channel max |x|</source>
        <translation>máx |x| del canal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>channels</source>
        <translation>canales</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source>step</source>
        <translation>paso</translation>
    </message>
    <message>
        <location line="-6"/>
        <location line="+340"/>
        <source>kurtosis (Gaussian: 3)</source>
        <translation>curtosis (gaussiana: 3)</translation>
    </message>
    <message>
        <location line="-333"/>
        <source>outlier channel</source>
        <translation>canal atípico</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>outlier threshold %1</source>
        <translation>umbral de atípicos %1</translation>
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
        <translation>bloque %1 · %2</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>No store open.</source>
        <translation>No hay ningún almacén abierto.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This store holds no runs.</source>
        <translation>Este almacén no contiene ejecuciones.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>This store has no activation statistics: run “%1” has no full-precision reference (config “fp”), which is where a sweep records them.</source>
        <translation>Este almacén no tiene estadísticas de activación: la ejecución «%1» no tiene referencia de precisión completa (configuración «fp»), que es donde un barrido las registra.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This store has no activation statistics: the full-precision reference of run “%1” was measured by a QuantScope that did not record them.</source>
        <translation>Este almacén no tiene estadísticas de activación: la referencia de precisión completa de la ejecución «%1» la midió una versión de QuantScope que no las registraba.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This store has no per-channel activation profiles: the full-precision reference of run “%1” holds the layer statistics but not the profile “act_channel_absmax”.</source>
        <translation>Este almacén no tiene perfiles de activación por canal: la referencia de precisión completa de la ejecución «%1» contiene las estadísticas de las capas, pero no el perfil «act_channel_absmax».</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sweep the run again with a current QuantScope: it measures the full-precision reference first, with the statistics and profiles of every layer&apos;s input.</source>
        <translation>Vuelva a barrer la ejecución con una versión actual de QuantScope: primero mide la referencia de precisión completa, con las estadísticas y los perfiles de la entrada de cada capa.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot read the activation profile: %1</source>
        <translation>No se puede leer el perfil de activación: %1</translation>
    </message>
    <message>
        <location filename="../widgets/pages/outliertrack.cpp" line="+90"/>
        <source>Reading the profiles of every checkpoint…</source>
        <translation>Leyendo los perfiles de cada checkpoint…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The profiles could not be read: %1</source>
        <translation>No se pudieron leer los perfiles: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The full-precision reference has measured no checkpoint yet</source>
        <translation>La referencia de precisión completa aún no ha medido ningún checkpoint</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No input channel of this layer exceeds %1 at any checkpoint</source>
        <translation>Ningún canal de entrada de esta capa supera %1 en ningún checkpoint</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Outlier channels across checkpoints</source>
        <translation>Canales atípicos a lo largo de los checkpoints</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Outlier channels across %1 checkpoints: %2 exceed %3 at some checkpoint, %4 stayed from their first appearance to the end, %5 are outliers at the last</source>
        <translation>Canales atípicos en %1 checkpoints: %2 superan %3 en algún checkpoint, %4 siguieron así desde su aparición hasta el final, %5 son atípicos en el último</translation>
    </message>
    <message>
        <location filename="../widgets/pages/outlierpage.cpp" line="+96"/>
        <source>Reading the profile…</source>
        <translation>Leyendo el perfil…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The full-precision reference has not measured this checkpoint yet</source>
        <translation>La referencia de precisión completa aún no ha medido este punto de control</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The profile could not be read (see above)</source>
        <translation>No se pudo leer el perfil (véase arriba)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No profile</source>
        <translation>Sin perfil</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Input of %1 at step %2</source>
        <translation>Entrada de %1 en el paso %2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1, step %2</source>
        <translation>%1, paso %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 of %2 channels above %3</source>
        <translation>%1 de %2 canales por encima de %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>kurtosis</source>
        <translation>curtosis</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>kurtosis %1</source>
        <translation>curtosis %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max |x| %1</source>
        <translation>máx |x| %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max/median %1</source>
        <translation>máx/mediana %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Per-channel max |x| of the input</source>
        <translation>Máx |x| por canal de la entrada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per-channel max |x| of the input: %1 of %2 channels above %3</source>
        <translation>Máx |x| por canal de la entrada: %1 de %2 canales por encima de %3</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>step %1 (checkpoint %2)</source>
        <translation>paso %1 (punto de control %2)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>channel %1 at step %2: max |x| %3
an outlier from step %4 (checkpoints in a row: %5, in all: %6)</source>
        <translation>canal %1 en el paso %2: máx |x| %3
atípico desde el paso %4 (checkpoints seguidos: %5, en total: %6)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>channel %1: max |x| %2</source>
        <translation>canal %1: máx |x| %2</translation>
    </message>
</context>
<context>
    <name>qs::PtqPage</name>
    <message>
        <location filename="../widgets/pages/ptqpage.cpp" line="+40"/>
        <source>&amp;Metric:</source>
        <translation>&amp;Métrica:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Checkpoints after warmup; the selected config. Least squares: tokens only, and tokens + LR decay u = 1 − η/η_peak</source>
        <translation>Checkpoints tras el calentamiento; la configuración seleccionada. Mínimos cuadrados: solo tokens, y tokens + descenso de LR u = 1 − η/η_pico</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>tokens</source>
        <translation>tokens</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>warmup (not fitted)</source>
        <translation>calentamiento (no ajustado)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>measured</source>
        <translation>medido</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>fit: tokens only</source>
        <translation>ajuste: solo tokens</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fit: tokens + LR decay</source>
        <translation>ajuste: tokens + descenso de LR</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Select a quantized config of the run</source>
        <translation>Seleccione una configuración cuantizada de la ejecución</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open</source>
        <translation>No hay ningún almacén abierto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The FP reference has no quantization error: select a quantized config</source>
        <translation>La referencia FP no tiene error de cuantización: seleccione una configuración cuantizada</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1, %2: %3</source>
        <translation>%1, %2: %3</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>%1, %2: PTQ damage along training</source>
        <translation>%1, %2: daño de PTQ a lo largo del entrenamiento</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Evaluation noise: no paired test of %1 at steps %2 and %3 (%4).</source>
        <translation>Ruido de la evaluación: no hay prueba pareada de %1 en los pasos %2 y %3 (%4).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Evaluation noise: %1 at step %2 (after the decay began) − at step %3 (before it) = %4, 95 % interval [%5, %6] over %7 evaluation units, p = %8: %9.</source>
        <translation>Ruido de la evaluación: %1 en el paso %2 (tras empezar el decaimiento) − en el paso %3 (antes) = %4, intervalo del 95 % [%5, %6] sobre %7 unidades de evaluación, p = %8: %9.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the change exceeds the noise</source>
        <translation>el cambio supera el ruido</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the change is within the noise</source>
        <translation>el cambio está dentro del ruido</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the error rises with the LR decay beyond what the tokens explain</source>
        <translation>el error sube con el descenso de LR más allá de lo que explican los tokens</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the error falls during the LR decay</source>
        <translation>el error baja durante el descenso de LR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the LR decay explains nothing the tokens do not (p ≥ 0.01)</source>
        <translation>el descenso de LR no explica nada que no expliquen los tokens (p ≥ 0,01)</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n checkpoint(s) fitted (%1 in the decay, %2 in warmup left out). Tokens only: R² %3, AIC %4. Tokens + LR decay: R² %5, AIC %6; decay term %7 ± %8, F = %9, p = %10: %11.</source>
        <translation>
            <numerusform>%n checkpoint ajustado (%1 en el descenso, %2 del calentamiento excluidos). Solo tokens: R² %3, AIC %4. Tokens + descenso de LR: R² %5, AIC %6; término de descenso %7 ± %8, F = %9, p = %10: %11.</numerusform>
            <numerusform>%n checkpoints ajustados (%1 en el descenso, %2 del calentamiento excluidos). Solo tokens: R² %3, AIC %4. Tokens + descenso de LR: R² %5, AIC %6; término de descenso %7 ± %8, F = %9, p = %10: %11.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+87"/>
        <source>step %1 · %2 tokens · LR %3 (u = %4)
%5 = %6</source>
        <translation>paso %1 · %2 tokens · LR %3 (u = %4)
%5 = %6</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
fit, tokens only: %1 · fit, tokens + LR decay: %2</source>
        <translation>
ajuste, solo tokens: %1 · ajuste, tokens + descenso de LR: %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
warmup: not fitted</source>
        <translation>
calentamiento: no ajustado</translation>
    </message>
</context>
<context>
    <name>qs::RunBrowserPage</name>
    <message>
        <location filename="../widgets/pages/runbrowserpage.cpp" line="+54"/>
        <source>Filter runs, steps, configs (e.g. &quot;gptq&quot;, &quot;step 600&quot;)</source>
        <translation>Filtrar ejecuciones, pasos, configuraciones (p. ej. «gptq», «paso 600»)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Filter:</source>
        <translation>&amp;Filtro:</translation>
    </message>
</context>
<context>
    <name>qs::RunTreeModel</name>
    <message>
        <location filename="../itemmodels/runtreemodel.cpp" line="+287"/>
        <source>step %1</source>
        <translation>paso %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Run %1</source>
        <translation>Ejecución %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR schedule: %1</source>
        <translation>Programa de LR: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown</source>
        <translation>desconocido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoints: %1, layers: %2, configs: %3</source>
        <translation>Puntos de control: %1, capas: %2, configuraciones: %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Corpus: %1</source>
        <translation>Corpus: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Numbers: the latest checkpoint&apos;s</source>
        <translation>Cifras: las del último punto de control</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This run has no quantization config</source>
        <translation>Esta ejecución no tiene configuración de cuantización</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 at this checkpoint: %2</source>
        <translation>%1 en este punto de control: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not computed yet</source>
        <translation>aún no calculado</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Checkpoint %1: step %2, %3 tokens</source>
        <translation>Punto de control %1: paso %2, %3 tokens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR %1, FP validation CE %2</source>
        <translation>LR %1, CE de validación FP %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not measured</source>
        <translation>no medido</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 of %2 configs computed</source>
        <translation>%1 de %2 configuraciones calculadas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File: %1</source>
        <translation>Archivo: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (%2) at step %3</source>
        <translation>%1 (%2) en el paso %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not computed yet</source>
        <translation>Aún no calculado</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 ± %2 (s.e.)</source>
        <translation>%1 ± %2 (e.e.)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (95 % interval %2 – %3)</source>
        <translation>%1 (intervalo del 95 %: %2 – %3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>run / checkpoint / config</source>
        <translation>ejecución / punto de control / configuración</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>step</source>
        <translation>paso</translation>
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
        <translation>pérdida FP</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rel. CE</source>
        <translation>CE rel.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Runs, their checkpoints, and the quantization configs computed at each</source>
        <translation>Ejecuciones, sus puntos de control y las configuraciones de cuantización calculadas en cada uno</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Optimizer steps (on a run: its latest checkpoint&apos;s)</source>
        <translation>Pasos del optimizador (en una ejecución: los de su último punto de control)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Training tokens seen (on a run: its latest checkpoint&apos;s)</source>
        <translation>Tokens de entrenamiento vistos (en una ejecución: los de su último punto de control)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Learning rate of the update that produced the checkpoint</source>
        <translation>Tasa de aprendizaje de la actualización que produjo el punto de control</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Validation cross-entropy of the full-precision checkpoint, nats per byte</source>
        <translation>Entropía cruzada de validación del punto de control de precisión completa, nats por byte</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CE(quantized) / CE(full precision) − 1 on the validation bytes; on a checkpoint row, the selected config&apos;s value</source>
        <translation>CE(cuantizado) / CE(precisión completa) − 1 en los bytes de validación; en una fila de punto de control, el valor de la configuración seleccionada</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mean KL divergence of the quantized next-byte distribution from the full-precision one, nats; on a checkpoint row, the selected config&apos;s value</source>
        <translation>Divergencia KL media de la distribución del siguiente byte cuantizada respecto a la de precisión completa, nats; en una fila de punto de control, el valor de la configuración seleccionada</translation>
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
        <translation>Aún no hay puntos medidos. Abra un CSV de sus ejecuciones (Abrir datos…); sus columnas son N, D, G, bits, D_fp, D_qat, loss, delta, fp_loss, heldout y label (docs/scaling.md).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Measured points carry the loss and δ: choose one of them as the quantity.</source>
        <translation>Los puntos medidos contienen la pérdida y δ: elija una de ellas como magnitud.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The measured points cannot be shown with the %1 law: %2</source>
        <translation>Los puntos medidos no se pueden mostrar con la ley %1: %2</translation>
    </message>
    <message numerus="yes">
        <location line="+30"/>
        <source>None of the %n measured point(s) has both %1 and %2%3.</source>
        <translation>
            <numerusform>El %n punto medido no tiene a la vez %1 y %2%3.</numerusform>
            <numerusform>Ninguno de los %n puntos medidos tiene a la vez %1 y %2%3.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source> &gt; 0 (log y)</source>
        <translation> &gt; 0 (y log)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+282"/>
        <location filename="../widgets/pages/scaling/scalingmeasuredview.cpp" line="+25"/>
        <source>measured</source>
        <translation>medido</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingmeasuredview.cpp" line="+37"/>
        <source>%1, held out</source>
        <translation>%1, reservado</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>law, %1</source>
        <translation>ley, %1</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%n point(s) without %1 or %2 left out.</source>
        <translation>
            <numerusform>Se omite %n punto sin %1 o %2.</numerusform>
            <numerusform>Se omiten %n puntos sin %1 o %2.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Law curves for the first %1 groups only.</source>
        <translation>Curvas de la ley solo para los %1 primeros grupos.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>measured %1</source>
        <translation>%1 medido</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>residual (%)</source>
        <translation>residuo (%)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontourview.cpp" line="+195"/>
        <source>N = %1, D = %2 (%3 tokens per parameter)
%4 = %5</source>
        <translation>N = %1, D = %2 (%3 tokens por parámetro)
%4 = %5</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingmeasuredview.cpp" line="+44"/>
        <source>line %1 of %2</source>
        <translation>línea %1 de %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>measured %1 = %2</source>
        <translation>%1 medido = %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>law: %1 (residual %2 %)</source>
        <translation>ley: %1 (residuo %2 %)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>held out of the fit</source>
        <translation>reservado fuera del ajuste</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingview.cpp" line="+105"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="-167"/>
        <source>Law</source>
        <translation>Ley</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Chinchilla: L(N, D)</source>
        <translation>Chinchilla: L(N, D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>W4A4 QAT law: δ(N, D, G) (Chen et al.)</source>
        <translation>Ley QAT W4A4: δ(N, D, G) (Chen et al.)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compute-optimal QAT: f*, δ(N, D_fp, D_qat, B) (Dremov et al.)</source>
        <translation>QAT óptimo en cómputo: f*, δ(N, D_fp, D_qat, B) (Dremov et al.)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>w4a16 (weight-only)</source>
        <translation>w4a16 (solo pesos)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>w16a4 (activation-only)</source>
        <translation>w16a4 (solo activaciones)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>w16a4-fc2a8 (FC2 input at 8 bits)</source>
        <translation>w16a4-fc2a8 (entrada de FC2 a 8 bits)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>w4a4 (weights and activations)</source>
        <translation>w4a4 (pesos y activaciones)</translation>
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
        <translation>ninguna (sin definir, por ajustar)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>as loaded or fitted</source>
        <translation>según se cargó o ajustó</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Published coefficients of L(N, D) = E + A/N^α + B/D^β</source>
        <translation>Coeficientes publicados de L(N, D) = E + A/N^α + B/D^β</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Load law…</source>
        <translation>&amp;Cargar ley…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a law saved as JSON (quantscope fit writes them)</source>
        <translation>Abre una ley guardada como JSON (quantscope fit las escribe)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sa&amp;ve law…</source>
        <translation>&amp;Guardar ley…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>La&amp;w:</source>
        <translation>&amp;Ley:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>V&amp;ariant:</source>
        <translation>V&amp;ariante:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Chinchilla part:</source>
        <translation>Parte C&amp;hinchilla:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Inputs</source>
        <translation>Entradas</translation>
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
        <translation>Parámetros (número bruto; 7e9 o 7B)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Training tokens (raw count; 2e12 or 2T)</source>
        <translation>Tokens de entrenamiento (número bruto; 2e12 o 2T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantization group size in input channels (per-channel: the layer&apos;s input dimension)</source>
        <translation>Tamaño del grupo de cuantización en canales de entrada (por canal: la dimensión de entrada de la capa)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weight bit width</source>
        <translation>Ancho de bits de los pesos</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>QAT fraction f = D_qat / D of the training tokens</source>
        <translation>Fracción QAT f = D_qat / D de los tokens de entrenamiento</translation>
    </message>
    <message>
        <location line="-95"/>
        <source>Open &amp;data…</source>
        <translation>Abrir &amp;datos…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measured points as CSV: columns N, D, G, bits, D_fp, D_qat, loss, delta, fp_loss, heldout, label (docs/scaling.md)</source>
        <translation>Puntos medidos en CSV: columnas N, D, G, bits, D_fp, D_qat, loss, delta, fp_loss, heldout, label (docs/scaling.md)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Fit to data…</source>
        <translation>&amp;Ajustar a los datos…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fit the law&apos;s unset and fitted coefficients to the measured points (Huber loss on log residuals, L-BFGS from a grid of starts, bootstrap CIs)</source>
        <translation>Ajusta a los puntos medidos los coeficientes de la ley sin definir y los ya ajustados (pérdida de Huber sobre residuos logarítmicos, L-BFGS desde una rejilla de puntos iniciales, IC bootstrap)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+208"/>
        <source>no measured points</source>
        <translation>sin puntos medidos</translation>
    </message>
    <message>
        <location line="-196"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Coefficients (double-click a value to edit):</source>
        <translation>Coeficientes (doble clic en un valor para editarlo):</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+41"/>
        <source>Curves</source>
        <translation>Curvas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Contour map N × D</source>
        <translation>Mapa de contorno N × D</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QAT fraction f* vs S</source>
        <translation>Fracción QAT f* frente a S</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Measured points and residuals</source>
        <translation>Puntos medidos y residuos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vie&amp;w:</source>
        <translation>V&amp;ista:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quantity:</source>
        <translation>&amp;Magnitud:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;x:</source>
        <translation>&amp;x:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Series:</source>
        <translation>&amp;Serie:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Log &amp;y</source>
        <translation>&amp;y log</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+84"/>
        <source>Load Law</source>
        <translation>Cargar ley</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scaling laws (*.json);;All files (*)</source>
        <translation>Leyes de escalado (*.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save Law</source>
        <translation>Guardar ley</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scaling laws (*.json)</source>
        <translation>Leyes de escalado (*.json)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved %1</source>
        <translation>Guardado %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open Measured Points</source>
        <translation>Abrir puntos medidos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>Archivos CSV (*.csv);;Todos los archivos (*)</translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+169"/>
        <source>Cannot open %1: %2</source>
        <translation>No se puede abrir %1: %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot load the law from %1: %2</source>
        <translation>No se puede cargar la ley desde %1: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loaded the %1 law from %2</source>
        <translation>Cargada la ley %1 desde %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot write %1: %2</source>
        <translation>No se puede escribir %1: %2</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+60"/>
        <source>Not an input of this law</source>
        <translation>No es una entrada de esta ley</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+41"/>
        <source>loss L</source>
        <translation>pérdida L</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>δ from quantization</source>
        <translation>δ por cuantización</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>N_eff / N</source>
        <translation>N_eff / N</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>f* (optimal)</source>
        <translation>f* (óptima)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>f̂ (direct fit)</source>
        <translation>f̂ (ajuste directo)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="-47"/>
        <source>effective parameter fraction N_eff/N</source>
        <translation>fracción de parámetros efectivos N_eff/N</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>effective parameters N_eff</source>
        <translation>parámetros efectivos N_eff</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>optimal QAT fraction f*</source>
        <translation>fracción QAT óptima f*</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>direct fit f̂ = exp(−a/ln S)</source>
        <translation>ajuste directo f̂ = exp(−a/ln S)</translation>
    </message>
    <message>
        <location line="+11"/>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+19"/>
        <source>N (parameters)</source>
        <translation>N (parámetros)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+2"/>
        <source>D (tokens)</source>
        <translation>D (tokens)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>G (group size)</source>
        <translation>G (tamaño de grupo)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>B (bits)</source>
        <translation>B (bits)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>f (QAT fraction)</source>
        <translation>f (fracción QAT)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+19"/>
        <source>%1: %n point(s)</source>
        <translation>
            <numerusform>%1: %n punto</numerusform>
            <numerusform>%1: %n puntos</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+189"/>
        <source>Cannot read %1: %2</source>
        <translation>No se puede leer %1: %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The measured points cannot be used with this law: %1</source>
        <translation>Los puntos medidos no se pueden usar con esta ley: %1</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+29"/>
        <source>Fit to Data</source>
        <translation>Ajustar a los datos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>automatic (δ for the QAT laws when the data have it, else the loss)</source>
        <translation>automático (δ para las leyes QAT si los datos la tienen; si no, la pérdida)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="-46"/>
        <source>loss</source>
        <translation>pérdida</translation>
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
        <translation>Reajustar también los coeficientes publicados y editados a mano</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>By default only unset and previously fitted coefficients are free</source>
        <translation>Por defecto solo quedan libres los coeficientes sin definir y los ajustados antes</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Bootstrap resamples for the 95 % intervals (0: no intervals)</source>
        <translation>Remuestreos bootstrap para los intervalos del 95 % (0: sin intervalos)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fit on:</source>
        <translation>Ajustar sobre:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bootstrap resamples:</source>
        <translation>Remuestreos bootstrap:</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot fit: %1</source>
        <translation>No se puede ajustar: %1</translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+29"/>
        <source>Open measured points first (Open data…): the fit needs them.</source>
        <translation>Abra primero los puntos medidos (Abrir datos…): el ajuste los necesita.</translation>
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
        <translation>El ajuste ha fallado; los coeficientes no cambian. %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Fit cancelled; the coefficients are unchanged.</source>
        <translation>Ajuste cancelado; los coeficientes no cambian.</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Fitting the %1 law to %n point(s)…</source>
        <translation>
            <numerusform>Ajustando la ley %1 a %n punto…</numerusform>
            <numerusform>Ajustando la ley %1 a %n puntos…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+81"/>
        <source>starting (%p%)</source>
        <translation>iniciando (%p%)</translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+31"/>
        <source>The fit finished after the law was replaced; its result was dropped.</source>
        <translation>El ajuste terminó después de sustituir la ley; su resultado se ha descartado.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Fitted %1 coefficient(s) to %2 point(s): mean relative error %3 %</source>
        <translation>Coeficientes ajustados: %1, con %2 puntos; error relativo medio %3 %</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>, held out (%1 points) %2 %</source>
        <translation>, reservados (%1 puntos) %2 %</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="-2"/>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="-47"/>
        <source>FP loss</source>
        <translation>pérdida FP</translation>
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
        <translation>pérdida L (nats)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FP loss E + A/N^α + B/D^β (nats)</source>
        <translation>pérdida FP E + A/N^α + B/D^β (nats)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>δ, loss increase from quantization (nats)</source>
        <translation>δ, aumento de la pérdida por cuantización (nats)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>S, tokens per parameter byte</source>
        <translation>S, tokens por byte de parámetro</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>D (training tokens)</source>
        <translation>D (tokens de entrenamiento)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>G (group size, input channels)</source>
        <translation>G (tamaño de grupo, canales de entrada)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>B (weight bits)</source>
        <translation>B (bits de los pesos)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>f (QAT fraction of the tokens)</source>
        <translation>f (fracción QAT de los tokens)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingview.cpp" line="-64"/>
        <source>%1 cannot be drawn: the %2 law&apos;s coefficients %3 are unset. Fit the law to measured points (Fit to data…), load a fitted law (Load law…), or type values into the coefficient table.</source>
        <translation>No se puede dibujar %1: los coeficientes %3 de la ley %2 no están definidos. Ajuste la ley a puntos medidos (Ajustar a los datos…), cargue una ley ajustada (Cargar ley…) o escriba valores en la tabla de coeficientes.</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="+26"/>
        <source>%1: unset coefficients</source>
        <translation>%1: coeficientes sin definir</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>At these inputs:
%1</source>
        <translation>Con estas entradas:
%1</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcurvesview.cpp" line="+87"/>
        <location line="+49"/>
        <source>at the inputs</source>
        <translation>en las entradas</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontourview.cpp" line="-98"/>
        <location filename="../widgets/pages/scaling/scalingcurvesview.cpp" line="-30"/>
        <source>%1 cannot be drawn here: %2</source>
        <translation>No se puede dibujar %1 aquí: %2</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcurvesview.cpp" line="+15"/>
        <source>%1 is undefined over this range of %2.</source>
        <translation>%1 no está definido en este intervalo de %2.</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontourview.cpp" line="+14"/>
        <source>%1, log scale</source>
        <translation>%1, escala logarítmica</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>the inputs (N, D)</source>
        <translation>las entradas (N, D)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingfractionview.cpp" line="+58"/>
        <source>The optimal QAT fraction f* and its direct fit f̂ belong to the compute-optimal QAT law (Dremov et al. 2025): choose it under Law.</source>
        <translation>La fracción QAT óptima f* y su ajuste directo f̂ pertenecen a la ley QAT óptima en cómputo (Dremov et al. 2025): elíjala en Ley.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>direct fit f̂ = exp(−%1 / ln S)</source>
        <translation>ajuste directo f̂ = exp(−%1 / ln S)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>law&apos;s optimum f* (N = %1, B = %2)</source>
        <translation>óptimo f* de la ley (N = %1, B = %2)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>f* needs the QAT law&apos;s δ coefficients, which are unset: fit them to measured points or type them into the table. f̂ is drawn alone.</source>
        <translation>f* necesita los coeficientes δ de la ley QAT, que no están definidos: ajústelos a puntos medidos o escríbalos en la tabla. Solo se dibuja f̂.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the inputs: S = %1</source>
        <translation>las entradas: S = %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>S = D / (N·B/8), tokens per parameter byte</source>
        <translation>S = D / (N·B/8), tokens por byte de parámetro</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QAT fraction f = D_qat / D</source>
        <translation>fracción QAT f = D_qat / D</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingview.cpp" line="+12"/>
        <source>Chinchilla law</source>
        <translation>ley de Chinchilla</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>W4A4 QAT law, %1</source>
        <translation>ley QAT W4A4, %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>compute-optimal QAT law</source>
        <translation>ley QAT óptima en cómputo</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcurvesview.cpp" line="+44"/>
        <source>%1: %2 against %3</source>
        <translation>%1: %2 frente a %3</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontourview.cpp" line="+46"/>
        <source>%1: %2 over N × D</source>
        <translation>%1: %2 sobre N × D</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingfractionview.cpp" line="+20"/>
        <source>%1: optimal QAT fraction against S</source>
        <translation>%1: fracción QAT óptima frente a S</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingmeasuredview.cpp" line="+6"/>
        <source>%1: measured %2 against %3 (%4)</source>
        <translation>%1: %2 medido frente a %3 (%4)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingview.cpp" line="+11"/>
        <source>%1 at %2</source>
        <translation>%1 en %2</translation>
    </message>
</context>
<context>
    <name>qs::ShortcutsDialog</name>
    <message>
        <location filename="../app/gui/helpwindows.cpp" line="-156"/>
        <source>Keyboard Shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Show the %1 view</source>
        <translation>Mostrar la vista %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Left, Right</source>
        <translation>Izquierda, Derecha</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: the previous or next checkpoint</source>
        <translation>En un gráfico: el punto de control anterior o siguiente</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Up, Down</source>
        <translation>Arriba, Abajo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: the previous or next layer</source>
        <translation>En un gráfico: la capa anterior o siguiente</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mouse wheel</source>
        <translation>Rueda del ratón</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: zoom the x axis</source>
        <translation>En un gráfico: ampliar el eje x</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drag</source>
        <translation>Arrastrar</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: move along the x axis</source>
        <translation>En un gráfico: moverse a lo largo del eje x</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click</source>
        <translation>Doble clic</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: show everything again</source>
        <translation>En un gráfico: volver a mostrarlo todo</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Keys</source>
        <translation>Teclas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Action</source>
        <translation>Acción</translation>
    </message>
</context>
<context>
    <name>qs::SoupDialog</name>
    <message>
        <location filename="../widgets/dialogs/soupdialog.cpp" line="+71"/>
        <source>Make a Model Soup</source>
        <translation>Crear una sopa de modelos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check the checkpoints of %1 to average and give each a weight. The soup is their weighted average, a run of one checkpoint that sweeps like any other.</source>
        <translation>Marque los checkpoints de %1 que quiere promediar y dé a cada uno un peso. La sopa es su promedio ponderado, una ejecución de un solo checkpoint que se barre como cualquier otra.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Step</source>
        <translation>Paso</translation>
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
        <translation>Peso</translation>
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
            <numerusform>El paso %1 lo comparte %n checkpoint de esta ejecución; una sopa nombra sus ingredientes por paso, así que no puede tomarlos</numerusform>
            <numerusform>El paso %1 lo comparten %n checkpoints de esta ejecución; una sopa nombra sus ingredientes por paso, así que no puede tomarlos</numerusform>
        </translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The new run: letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos;</source>
        <translation>La nueva ejecución: letras, dígitos, &apos;-&apos;, &apos;_&apos; y &apos;.&apos;</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The averaged revision folder is written inside this folder, named after the latest ingredient&apos;s revision</source>
        <translation>La carpeta de la revisión promediada se escribe dentro de esta carpeta, con el nombre de la revisión del ingrediente más reciente</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Name:</source>
        <translation>&amp;Nombre:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Output folder:</source>
        <translation>Carpeta de &amp;salida:</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Make Soup</source>
        <translation>&amp;Crear sopa</translation>
    </message>
    <message>
        <location line="+121"/>
        <source>Folder for the averaged revision</source>
        <translation>Carpeta para la revisión promediada</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The weight of step %1 must be a number above 0.</source>
        <translation>El peso del paso %1 debe ser un número mayor que 0.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Check at least two checkpoints: a soup averages two or more.</source>
        <translation>Marque al menos dos checkpoints: una sopa promedia dos o más.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Name the soup&apos;s run.</source>
        <translation>Ponga nombre a la ejecución de la sopa.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The store already holds a run named %1; choose another name.</source>
        <translation>El almacén ya contiene una ejecución llamada %1; elija otro nombre.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the folder the averaged revision goes into.</source>
        <translation>Elija la carpeta donde va la revisión promediada.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>step %1 (%2 %)</source>
        <translation>paso %1 (%2 %)</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Averages %n checkpoint(s): %1.</source>
        <translation>
            <numerusform>Promedia %n checkpoint: %1.</numerusform>
            <numerusform>Promedia %n checkpoints: %1.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Writes the revision folder %1.</source>
        <translation>Escribe la carpeta de revisión %1.</translation>
    </message>
</context>
<context>
    <name>qs::SweepDialog</name>
    <message>
        <location filename="../widgets/dialogs/sweepdialog.cpp" line="+40"/>
        <source>%1: %2 (the full-precision reference; every sweep computes it)</source>
        <translation>%1: %2 (la referencia de precisión completa; todo barrido la calcula)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 (same config as line %3, run once)</source>
        <translation>%1: %2 (misma configuración que la línea %3; se ejecuta una vez)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>quantization spec &apos;%1&apos;: %2</source>
        <translation>especificación de cuantización «%1»: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: does not parse</source>
        <translation>%1: no se puede interpretar</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Line %1: %2</source>
        <translation>Línea %1: %2</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>(and %n more line(s) that do not parse)</source>
        <translation>
            <numerusform>(y %n línea más que no se puede interpretar)</numerusform>
            <numerusform>(y %n líneas más que no se pueden interpretar)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Enter at least one quantization config, one spec per line, e.g. rtn:4:g128:sym</source>
        <translation>Introduzca al menos una configuración de cuantización, una especificación por línea, p. ej. rtn:4:g128:sym</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Run Sweep</source>
        <translation>Ejecutar barrido</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The trained run whose checkpoints are quantized</source>
        <translation>La ejecución entrenada cuyos puntos de control se cuantizan</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>method[:bits][:options]. Methods: none, rtn, gptq, awq (asymmetric, clip for AutoAWQ&apos;s clipping), hqq (2, 3, 4, 8 bits), nf4 and fp4 (bitsandbytes), int8 (LLM.int8), mxfp4, mxfp8, nvfp4, fp8 (e4m3 | e5m2, pc | pt). Options in any order: pc | g&lt;N&gt; (weight groups), sym | asym, act | noact (GPTQ act-order), cal&lt;N&gt;x&lt;T&gt; (GPTQ and AWQ calibration: N sequences of T tokens), dq | nodq (NF4/FP4 double quantization), a&lt;B&gt; | a&lt;B&gt;g&lt;N&gt; (integer activations), a4mx | a8mx | a4nv | a8fp | a8lt (MXFP4, MXFP8, NVFP4, FP8, LLM.int8 activations), &lt;kind&gt;=w&lt;B&gt;a&lt;B&gt; (mixed precision, kinds q, k, v, o, gate, up, down; down=a8mx for a format), rot | rot&lt;S&gt; | rotd (the model rotated first, as QuaRot: Hadamard rotations with random signs from seed 0 or S, or the plain ones; not with awq). &quot;none:a4&quot; quantizes activations only.</source>
        <translation>método[:bits][:opciones]. Métodos: none, rtn, gptq, awq (asimétrico, clip para el recorte de AutoAWQ), hqq (2, 3, 4, 8 bits), nf4 y fp4 (bitsandbytes), int8 (LLM.int8), mxfp4, mxfp8, nvfp4, fp8 (e4m3 | e5m2, pc | pt). Opciones en cualquier orden: pc | g&lt;N&gt; (grupos de pesos), sym | asym, act | noact (act-order de GPTQ), cal&lt;N&gt;x&lt;T&gt; (calibración de GPTQ y AWQ: N secuencias de T tokens), dq | nodq (doble cuantización de NF4/FP4), a&lt;B&gt; | a&lt;B&gt;g&lt;N&gt; (activaciones enteras), a4mx | a8mx | a4nv | a8fp | a8lt (activaciones MXFP4, MXFP8, NVFP4, FP8, LLM.int8), &lt;kind&gt;=w&lt;B&gt;a&lt;B&gt; (precisión mixta, tipos q, k, v, o, gate, up, down; down=a8mx para un formato), rot | rot&lt;S&gt; | rotd (el modelo se rota antes, como en QuaRot: rotaciones de Hadamard con signos aleatorios de la semilla 0 o S, o las simples; no con awq). «none:a4» cuantiza solo las activaciones.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>One config per line, e.g. rtn:4:g128:sym, gptq:3:g128:sym:act, rtn:4:g128:sym:a4:down=a8, awq:4, none:a4, nf4, hqq:4, mxfp4:a4mx:down=a8mx or fp8:a8fp. The full-precision reference is always computed; configs already in the store are skipped.</source>
        <translation>Una configuración por línea, p. ej. rtn:4:g128:sym, gptq:3:g128:sym:act, rtn:4:g128:sym:a4:down=a8, awq:4, none:a4, nf4, hqq:4, mxfp4:a4mx:down=a8mx o fp8:a8fp. La referencia de precisión completa se calcula siempre; las configuraciones que ya están en el almacén se omiten.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 (activations only)</source>
        <translation>%1 (solo activaciones)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (as %2)</source>
        <translation>%1 (como %2)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (rotated W4A4, as QuaRot)</source>
        <translation>%1 (W4A4 rotado, como QuaRot)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each quantizer with the settings of the library whose numbers it reproduces</source>
        <translation>Cada cuantizador con los ajustes de la biblioteca cuyos números reproduce</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add</source>
        <translation>&amp;Añadir</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Run Sweep</source>
        <translation>&amp;Ejecutar barrido</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>R&amp;un:</source>
        <translation>Ej&amp;ecución:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Configs:</source>
        <translation>&amp;Configuraciones:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Method:</source>
        <translation>&amp;Método:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Will run:</source>
        <translation>Se ejecutará:</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>The store holds no run to sweep.</source>
        <translation>El almacén no contiene ninguna ejecución que barrer.</translation>
    </message>
</context>
<context>
    <name>qs::SweepJob</name>
    <message>
        <location filename="../itemmodels/jobs/sweepjob.cpp" line="+29"/>
        <source>Opening %1</source>
        <translation>Abriendo %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Reading the corpus of run %1</source>
        <translation>Leyendo el corpus de la ejecución %1</translation>
    </message>
</context>
<context>
    <name>qs::TrajectoryAxes</name>
    <message>
        <location filename="../widgets/pages/trajectory/trajectoryaxes.cpp" line="+30"/>
        <source>same top-1 (%)</source>
        <translation>mismo top-1 (%)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+135"/>
        <source>mean layer SQNR (dB)</source>
        <translation>SQNR medio por capa (dB)</translation>
    </message>
    <message>
        <location line="-134"/>
        <source>What the left axis shows for every quantization config: the change of the validation CE, the KL divergence of the quantized next-byte distribution from the full-precision one, the share of bytes whose most likely prediction stays the same, or the layers&apos; output SQNR</source>
        <translation>Lo que muestra el eje izquierdo para cada configuración de cuantización: el cambio de la CE de validación, la divergencia KL de la distribución del siguiente byte cuantizada respecto a la de precisión completa, la proporción de bytes cuya predicción más probable no cambia o la SQNR de salida de las capas</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Metric:</source>
        <translation>&amp;Métrica:</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+235"/>
        <source>step</source>
        <translation>paso</translation>
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
        <translation>orden de los puntos de control</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;X axis:</source>
        <translation>Eje &amp;X:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;FP val loss</source>
        <translation>Pérdida de val. &amp;FP</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Also show the validation loss of the full-precision model</source>
        <translation>Muestra también la pérdida de validación del modelo de precisión completa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Log x</source>
        <translation>x &amp;log</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Logarithmic x axis (checkpoint 0 is not drawn)</source>
        <translation>Eje x logarítmico (el punto de control 0 no se dibuja)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>learning rate</source>
        <translation>tasa de aprendizaje</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>FP validation loss (nats)</source>
        <translation>pérdida de validación FP (nats)</translation>
    </message>
    <message>
        <location line="+98"/>
        <source>ΔCE = CE(Ŵ) − CE(W) (nats)</source>
        <translation>ΔCE = CE(Ŵ) − CE(W) (nats)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KL mean, KL(FP ‖ quantized) (nats per token)</source>
        <translation>KL media, KL(FP ‖ cuantizado) (nats por token)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KL p99, KL(FP ‖ quantized) (nats per token)</source>
        <translation>KL p99, KL(FP ‖ cuantizado) (nats por token)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>same top-1 as FP (% of tokens)</source>
        <translation>mismo top-1 que FP (% de tokens)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>relative CE (CE(Ŵ)/CE(W) − 1)</source>
        <translation>CE relativa (CE(Ŵ)/CE(W) − 1)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>mean SQNR</source>
        <translation>SQNR medio</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rel. CE</source>
        <translation>CE rel.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 dB</source>
        <translation>%1 dB</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>checkpoint (in training order)</source>
        <translation>punto de control (en orden de entrenamiento)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tokens (summed over the stages)</source>
        <translation>tokens (sumados sobre las etapas)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>step (summed over the stages)</source>
        <translation>paso (sumado sobre las etapas)</translation>
    </message>
</context>
<context>
    <name>qs::TrajectoryPage</name>
    <message>
        <location filename="../widgets/pages/trajectory/trajectorypage.cpp" line="+33"/>
        <source>Hover for values, click a checkpoint to inspect its layers, wheel to zoom, double-click to reset</source>
        <translation>Ratón encima: valores; clic en un punto de control: sus capas; rueda: zoom; doble clic: restablecer</translation>
    </message>
    <message>
        <location line="+360"/>
        <source>run %1</source>
        <translation>ejecución %1</translation>
    </message>
    <message>
        <location line="-208"/>
        <source>This store holds no runs</source>
        <translation>Este almacén no contiene ejecuciones</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open</source>
        <translation>No hay ningún almacén abierto</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: quantization damage along training</source>
        <translation>%1: daño por cuantización a lo largo del entrenamiento</translation>
    </message>
    <message>
        <location line="+200"/>
        <source>checkpoint %1: step %2, %3 tokens</source>
        <translation>punto de control %1: paso %2, %3 tokens</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>not measured</source>
        <translation>no medido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR %1, FP val CE %2</source>
        <translation>LR %1, CE val. FP %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>not in the store</source>
        <translation>no está en el almacén</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not computed yet</source>
        <translation>aún no calculado</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 ± %2 (s.e.)</source>
        <translation>%1 ± %2 (e.e.)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (95 % interval %2 – %3)</source>
        <translation>%1 (intervalo del 95 %: %2 – %3)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2 %3</source>
        <translation>%1: %2 %3</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>%1, at %2 steps and %3 tokens in all</source>
        <translation>%1, con %2 pasos y %3 tokens en total</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no stage</source>
        <translation>sin etapa</translation>
    </message>
</context>
<context>
    <name>qs::TrajectoryRuns</name>
    <message>
        <location filename="../widgets/pages/trajectory/trajectoryruns.cpp" line="+54"/>
        <source>&amp;Branches</source>
        <translation>&amp;Ramas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Also draw the run&apos;s family: the run it branched or was averaged from, and the cooldown branches and averaged runs made from it</source>
        <translation>Dibujar también la familia de la ejecución: la ejecución de la que se ramificó o promedió, y las ramas de enfriamiento y ejecuciones promediadas creadas a partir de ella</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Runs</source>
        <translation>&amp;Ejecuciones</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Overlay other runs of the store: every run gets its own line style and marker, every config keeps its colour</source>
        <translation>Superpone otras ejecuciones del almacén: cada ejecución tiene su propio estilo de línea y marcador, y cada configuración conserva su color</translation>
    </message>
    <message>
        <location line="+170"/>
        <source>learning rate</source>
        <translation>tasa de aprendizaje</translation>
    </message>
    <message>
        <location line="+65"/>
        <source> (95 % band)</source>
        <translation> (banda del 95 %)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>FP val loss</source>
        <translation>pérdida val. FP</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>train loss</source>
        <translation>pérdida de entrenamiento</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 (family)</source>
        <translation>%1 (familia)</translation>
    </message>
</context>
<context>
    <name>qs::TrajectoryShading</name>
    <message>
        <location filename="../widgets/pages/trajectory/trajectoryshading.cpp" line="+82"/>
        <source>warmup</source>
        <translation>calentamiento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stable</source>
        <translation>estable</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR decay</source>
        <translation>decaimiento del LR</translation>
    </message>
    <message>
        <location line="+44"/>
        <location line="+30"/>
        <source>no stage</source>
        <translation>sin etapa</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>stage %1 · %2 ingredients</source>
        <translation>etapa %1 · %2 ingredientes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stage %1 · %2 branches</source>
        <translation>etapa %1 · %2 ramas</translation>
    </message>
</context>
</TS>
