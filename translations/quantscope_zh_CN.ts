<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>CheckpointFolder</name>
    <message>
        <location filename="../itemmodels/checkpointfolder.cpp" line="+59"/>
        <source>%1 is not a folder</source>
        <translation>%1 不是文件夹</translation>
    </message>
    <message numerus="yes">
        <location line="+23"/>
        <source>No results store uses the checkpoints in %1 (looked at %n store(s) in it, next to it and among the recent ones). Sweep them into a store first: quantscope sweep --store S --run R</source>
        <translation>
            <numerusform>没有结果存储使用 %1 中的检查点（已查看该文件夹内、旁边及最近使用的 %n 个存储）。请先将它们扫描进一个存储：quantscope sweep --store S --run R</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FigureExport</name>
    <message>
        <location filename="../widgets/plot/figureexport.cpp" line="+47"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>QuantScope</source>
        <translation>QuantScope</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>QuantScope figure</source>
        <translation>QuantScope 图表</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Cannot export %1: a figure is saved as .pdf, .svg or .png</source>
        <translation>无法导出 %1：图表只能保存为 .pdf、.svg 或 .png</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot export %1: there is no plot to export</source>
        <translation>无法导出 %1：没有可导出的图</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cannot export %1: a figure of %2 × %3 in is out of range (at most %4 in a side)</source>
        <translation>无法导出 %1：%2 × %3 in 的图表超出范围（每边最多 %4 in）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot export %1: %2 dpi is out of range (%3 to %4, at most %5 pixels a side)</source>
        <translation>无法导出 %1：%2 dpi 超出范围（%3 至 %4，每边最多 %5 像素）</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+26"/>
        <source>drawing the figure failed</source>
        <translation>绘制图表失败</translation>
    </message>
    <message>
        <location line="+22"/>
        <location line="+51"/>
        <source>Cannot export %1: unknown figure format &quot;%2&quot; (use .pdf, .svg or .png)</source>
        <translation>无法导出 %1：未知的图表格式“%2”（请使用 .pdf、.svg 或 .png）</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Cannot export %1: the %2 view shows nothing</source>
        <translation>无法导出 %1：%2 视图没有显示任何内容</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cannot export %1: the %2 view shows no data</source>
        <translation>无法导出 %1：%2 视图没有显示数据</translation>
    </message>
    <message>
        <location filename="../widgets/pages/figurepages.cpp" line="+101"/>
        <source>Cannot export %1: unknown metric &quot;%2&quot; (use one of %3)</source>
        <translation>无法导出 %1：未知指标“%2”（请使用 %3 之一）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot export %1: the store %2 holds no runs</source>
        <translation>无法导出 %1：结果库 %2 中没有运行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot export %1: the store %2 has no run named &quot;%3&quot;</source>
        <translation>无法导出 %1：结果库 %2 中没有名为“%3”的运行</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot export %1: this build has no trajectory view</source>
        <translation>无法导出 %1：此构建不含轨迹视图</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cannot export %1: no run is shown</source>
        <translation>无法导出 %1：未显示任何运行</translation>
    </message>
</context>
<context>
    <name>qs::AboutDialog</name>
    <message>
        <location filename="../app/gui/helpwindows.cpp" line="+64"/>
        <source>About QuantScope</source>
        <translation>关于 QuantScope</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>A workbench for how an LLM&apos;s training dynamics change how much it suffers from quantization: every checkpoint of a trajectory quantized, measured and shown.</source>
        <translation>研究大语言模型的训练动态如何改变其受量化影响程度的工作台：轨迹中的每个检查点都被量化、测量并展示。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Running with:</source>
        <translation>运行环境：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It implements the methods of:</source>
        <translation>它实现了以下论文的方法：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Free software under the GNU General Public License, version 3 or later.</source>
        <translation>自由软件，采用 GNU 通用公共许可证第 3 版或更高版本。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Copy Versions</source>
        <translation>复制版本(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy the versions, e.g. for a bug report or a paper&apos;s methods section</source>
        <translation>复制版本信息，例如用于错误报告或论文的方法部分</translation>
    </message>
</context>
<context>
    <name>qs::BreakdownPage</name>
    <message>
        <location filename="../widgets/pages/breakdownpage.cpp" line="+40"/>
        <source>down (FC2)</source>
        <translation>down（FC2）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Metric:</source>
        <translation>指标(&amp;M)：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>per layer</source>
        <translation>按层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>per module kind (mean over blocks)</source>
        <translation>按模块类型（各块平均）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Bars:</source>
        <translation>柱形(&amp;B)：</translation>
    </message>
    <message>
        <location line="+560"/>
        <source>weight
only</source>
        <translation>仅
权重</translation>
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
        <translation>仅
激活</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>both</source>
        <translation>两者</translation>
    </message>
    <message>
        <location line="-509"/>
        <location line="+273"/>
        <source>weight-only + activation-only</source>
        <translation>仅权重 + 仅激活</translation>
    </message>
    <message>
        <location line="-105"/>
        <source>block (bars: module kinds in block order)</source>
        <translation>块（柱形：按块内顺序排列的模块类型）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>block</source>
        <translation>块</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>module kind (mean over blocks)</source>
        <translation>模块类型（各块平均）</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>This store holds no runs</source>
        <translation>此结果库中没有运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open</source>
        <translation>未打开结果库</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>full-precision model</source>
        <translation>全精度模型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no config</source>
        <translation>无配置</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (not computed at this checkpoint)</source>
        <translation>%1（此检查点尚未计算）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (ranks the layers as the measured leave-one-in KL with Spearman ρ = %2)</source>
        <translation>%1（对各层的排序与实测的仅此层量化 KL 一致程度：Spearman ρ = %2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, step %2: %3, %4</source>
        <translation>%1，第 %2 步：%3，%4</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>W only + A only</source>
        <translation>仅 W + 仅 A</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No weight-only / activation-only / both trio for this config in the run</source>
        <translation>该运行中此配置没有“仅权重 / 仅激活 / 两者”三元组</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Decomposition: %1 + %2 vs %3</source>
        <translation>分解：%1 + %2 对比 %3</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1: both / sum = %2</source>
        <translation>%1：两者 / 之和 = %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: not computed at this checkpoint</source>
        <translation>%1：此检查点尚未计算</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>not computed</source>
        <translation>未计算</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1
block %2 · %3
%4: %5</source>
        <translation>%1
块 %2 · %3
%4：%5</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%1 layers
%2: %3, mean over %n block(s)</source>
        <translation>
            <numerusform>%1 层
%2：%3，%n 个块的平均值</numerusform>
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
        <translation>提交到集群的扫描任务（quantscope status）</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Cluster: cannot read the plan</source>
        <translation>集群：无法读取计划</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cluster: %1 of %2 tasks done</source>
        <translation>集群：%2 个任务中已完成 %1 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 running</source>
        <translation>%1 个运行中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 pending</source>
        <translation>%1 个等待中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 failed</source>
        <translation>%1 个失败</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source> · %n entries not merged</source>
        <translation>
            <numerusform> · %n 个条目尚未合并</numerusform>
        </translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Cluster Tasks</source>
        <translation>集群任务</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Job</source>
        <translation>作业</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Log and last error</source>
        <translation>日志和最后的错误</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Shards in %1: %2 tasks; done %3, running %4, pending %5, failed %6, not submitted %7.</source>
        <translation>%1 中的分片：%2 个任务；已完成 %3，运行中 %4，等待中 %5，失败 %6，未提交 %7。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No queue information (%1).</source>
        <translation>没有队列信息（%1）。</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>The views show %n entries of the shards that are not merged yet (quantscope merge).</source>
        <translation>
            <numerusform>视图显示了分片中尚未合并的 %n 个条目（quantscope merge）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Submit the unfinished tasks again: quantscope submit --store %1 --resubmit.</source>
        <translation>重新提交未完成的任务：quantscope submit --store %1 --resubmit。</translation>
    </message>
</context>
<context>
    <name>qs::CoefficientModel</name>
    <message>
        <location filename="../itemmodels/coefficientmodel.cpp" line="+65"/>
        <source>published</source>
        <translation>已发表</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fit</source>
        <translation>拟合</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>user edit</source>
        <translation>用户编辑</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+45"/>
        <source>unset</source>
        <translation>未设置</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>%1 (name in JSON and on the command line: %2)</source>
        <translation>%1（在 JSON 和命令行中的名称：%2）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Double-click to edit; clear the cell to unset the coefficient</source>
        <translation>双击编辑；清空单元格即可取消设置该系数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not known: fit the law to data, load a fitted law, or type a value</source>
        <translation>未知：请将定律拟合到数据、加载已拟合的定律，或输入一个值</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>[%1, %2]</source>
        <translation>[%1, %2]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bootstrap 95 % percentile interval of the fit</source>
        <translation>拟合的 bootstrap 95% 百分位区间</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Coefficient</source>
        <translation>系数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reference</source>
        <translation>出处</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>95 % CI</source>
        <translation>95% 置信区间</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>edited by hand</source>
        <translation>手动编辑</translation>
    </message>
</context>
<context>
    <name>qs::DocumentationWindow</name>
    <message>
        <location filename="../app/gui/helpwindows.cpp" line="+80"/>
        <source>QuantScope Documentation</source>
        <translation>QuantScope 文档</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>%1 is not part of the documentation shipped with QuantScope; it is in QuantScope&apos;s source tree.</source>
        <translation>%1 不属于 QuantScope 附带的文档；它位于 QuantScope 的源代码树中。</translation>
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
        <translation>导出图表</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PDF (vector)</source>
        <translation>PDF（矢量）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SVG (vector)</source>
        <translation>SVG（矢量）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG (raster)</source>
        <translation>PNG（位图）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV (the data behind the plot)</source>
        <translation>CSV（图背后的数据）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>single column (%1 in wide)</source>
        <translation>单栏（宽 %1 in）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>double column (%1 in wide)</source>
        <translation>双栏（宽 %1 in）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>auto (%1 × width)</source>
        <translation>自动（%1 × 宽度）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>paper: black on white, the font and lines below</source>
        <translation>论文：白底黑字，使用下方的字体和线宽</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>screen: as shown</source>
        <translation>屏幕：与显示一致</translation>
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
        <translation>图下方</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>inside, top right</source>
        <translation>图内右上角</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Width:</source>
        <translation>宽度(&amp;W)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Height:</source>
        <translation>高度(&amp;H)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Resolution:</source>
        <translation>分辨率(&amp;R)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Style</source>
        <translation>样式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S&amp;tyle:</source>
        <translation>样式(&amp;T)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>F&amp;ont:</source>
        <translation>字体(&amp;O)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Font si&amp;ze:</source>
        <translation>字号(&amp;Z)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Line width:</source>
        <translation>线宽(&amp;L)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L&amp;egend:</source>
        <translation>图例(&amp;E)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Vector formats keep text as text and scale without loss; CSV saves the numbers the plot shows</source>
        <translation>矢量格式保留文字为文本，缩放无损；CSV 保存图中显示的数值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Journal column widths; the figure is made at this physical size, so fonts keep their point size when it is placed at 100 %</source>
        <translation>期刊栏宽；图表按此物理尺寸生成，以 100% 比例插入时字体保持其磅值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leave at &quot;auto&quot; for %1 × the width</source>
        <translation>保持“自动”即为 %1 × 宽度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pixels per inch of the PNG (300 for print)</source>
        <translation>PNG 每英寸像素数（印刷用 300）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paper: black on white with the font, line width and legend chosen here. Screen: the plot as the page shows it, at the size chosen above</source>
        <translation>论文：白底黑字，使用此处选择的字体、线宽和图例。屏幕：按页面显示的样子输出，尺寸为上方所选</translation>
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
        <translation>%1 × %2 in（%3 × %4 mm）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>, %1 × %2 px</source>
        <translation>，%1 × %2 px</translation>
    </message>
</context>
<context>
    <name>qs::FileActions</name>
    <message>
        <location filename="../app/gui/fileactions.cpp" line="+67"/>
        <location line="+30"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location line="-25"/>
        <location line="+22"/>
        <location line="+64"/>
        <source>Cannot export figure</source>
        <translation>无法导出图表</translation>
    </message>
    <message>
        <location line="-74"/>
        <source>Open Store</source>
        <translation>打开结果库</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QuantScope stores (*.h5 *.hdf5);;All files (*)</source>
        <translation>QuantScope 结果库 (*.h5 *.hdf5);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+20"/>
        <source>Export %1</source>
        <translation>导出 %1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Saving %1…</source>
        <translation>正在保存 %1…</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Cannot open checkpoints</source>
        <translation>无法打开检查点</translation>
    </message>
    <message numerus="yes">
        <location line="+21"/>
        <source>Imported %n revision(s) as run %1; File &gt; Run Sweep quantizes them</source>
        <translation>
            <numerusform>已将 %n 个修订版导入为运行 %1；“文件 &gt; 运行扫描”会量化它们</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Importing run %1…</source>
        <translation>正在导入运行 %1…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Import failed</source>
        <translation>导入失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Import cancelled</source>
        <translation>导入已取消</translation>
    </message>
</context>
<context>
    <name>qs::FitJob</name>
    <message>
        <location filename="../itemmodels/jobs/fitjob.cpp" line="+21"/>
        <source>Preparing the fit of %1 points</source>
        <translation>正在准备对 %1 个点的拟合</translation>
    </message>
</context>
<context>
    <name>qs::HeatmapPage</name>
    <message>
        <location filename="../widgets/pages/heatmappage.cpp" line="+122"/>
        <source>%1 (FP reference)</source>
        <translation>%1（FP 参考）</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>&amp;Metric:</source>
        <translation>指标(&amp;M)：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>by block</source>
        <translation>按块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>by module kind</source>
        <translation>按模块类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rows block by block (q k v o gate up down of block 0, then block 1, …), or kind by kind (every block&apos;s q, then every k, …, FC2 = down last)</source>
        <translation>行按块排列（块 0 的 q k v o gate up down，然后块 1，…），或按类型排列（所有块的 q，然后所有 k，…，FC2 = down 在最后）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Rows:</source>
        <translation>行(&amp;R)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Log colours</source>
        <translation>对数颜色(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Map colours on a logarithmic scale, for metrics spanning decades such as the input kurtosis; cells ≤ 0 are then drawn grey</source>
        <translation>以对数刻度映射颜色，适用于跨越多个数量级的指标（如输入峰度）；此时 ≤ 0 的单元格绘为灰色</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>checkpoint (training step)</source>
        <translation>检查点（训练步）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>layer (block·kind)</source>
        <translation>层（块·类型）</translation>
    </message>
    <message>
        <location line="+187"/>
        <source>block %1 · %2 · checkpoint %3, step %4</source>
        <translation>块 %1 · %2 · 检查点 %3，第 %4 步</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: not available, the run has no full-precision reference (config &quot;fp&quot;)</source>
        <translation>%1：不可用，该运行没有全精度参考（配置“fp”）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: not computed, checkpoint %2 has not been swept with %3 yet</source>
        <translation>%1：未计算，检查点 %2 尚未用 %3 扫描</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: no value, %2 leaves this layer in full precision or the metric does not apply to it</source>
        <translation>%1：无值，%2 使该层保持全精度，或该指标不适用于此层</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(≤ 0: drawn grey on the log colour scale)</source>
        <translation>（≤ 0：在对数色标上绘为灰色）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(measured on the full-precision model&apos;s inputs)</source>
        <translation>（在全精度模型的输入上测量）</translation>
    </message>
    <message>
        <location line="+142"/>
        <source>%1, log scale</source>
        <translation>%1，对数刻度</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>This store holds no runs</source>
        <translation>此结果库中没有运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open</source>
        <translation>未打开结果库</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no per-layer metrics</source>
        <translation>无逐层指标</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>full-precision model</source>
        <translation>全精度模型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no config</source>
        <translation>无配置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2 per layer, %3</source>
        <translation>%1：逐层 %2，%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>config: %1</source>
        <translation>配置：%1</translation>
    </message>
</context>
<context>
    <name>qs::ImportDialog</name>
    <message>
        <location filename="../widgets/dialogs/importdialog.cpp" line="+42"/>
        <source>Import Hugging Face Trajectory</source>
        <translation>导入 Hugging Face 轨迹</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A folder of revision folders (each with config.json and safetensors weights), or one revision</source>
        <translation>由修订版文件夹组成的文件夹（每个含 config.json 和 safetensors 权重），或单个修订版</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Validation and calibration data: a text file, or token ids (.npy, or raw uint16 .bin)</source>
        <translation>验证和校准数据：文本文件，或 token id（.npy，或无头 uint16 .bin）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The model&apos;s tokenizer.json; found in the first revision folder when it has one</source>
        <translation>模型的 tokenizer.json；若第一个修订版文件夹中有则自动使用</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>optional, e.g. wsd:peak=3e-4,warmup=2000,total=143000,decay=0.2</source>
        <translation>可选，例如 wsd:peak=3e-4,warmup=2000,total=143000,decay=0.2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Evaluation blocks of the sequence length, when no token budget is given</source>
        <translation>未指定词元预算时，按序列长度划分的评估块数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens between the starts of evaluation blocks; a block after the first scores only the tokens it adds, as Hugging Face&apos;s strided perplexity does</source>
        <translation>评估块起点之间的词元数；第一个块之后的块只为新增的词元计分，与 Hugging Face 的分步困惑度相同</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the evaluation blocks above</source>
        <translation>上面的评估块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Evaluation tokens, cut into blocks of the sequence length at the stride</source>
        <translation>评估词元，按步长切成序列长度的块</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>optional: windows of the data before the evaluation blocks</source>
        <translation>可选：评估块之前的数据窗口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Calibration data of its own: a text file (documents separated by empty lines), JSON lines with a &quot;text&quot; field, or token ids; GPTQ takes its first documents</source>
        <translation>独立的校准数据：文本文件（文档以空行分隔）、带 &quot;text&quot; 字段的 JSON lines 或词元 id；GPTQ 取其前面的文档</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Revisions:</source>
        <translation>修订版(&amp;R)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder of revisions</source>
        <translation>修订版文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Data:</source>
        <translation>数据(&amp;D)：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Evaluation data</source>
        <translation>评估数据</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>tokenizer.json (*.json)</source>
        <translation>tokenizer.json (*.json)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Tokenizer:</source>
        <translation>分词器(&amp;T)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sequence &amp;length:</source>
        <translation>序列长度(&amp;L)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Evaluation blocks:</source>
        <translation>评估块(&amp;E)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Str&amp;ide:</source>
        <translation>步长(&amp;I)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Token &amp;budget:</source>
        <translation>词元预算(&amp;B)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Calibration:</source>
        <translation>校准(&amp;C)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Calibration data</source>
        <translation>校准数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR &amp;schedule:</source>
        <translation>学习率计划(&amp;S)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>R&amp;un:</source>
        <translation>运行(&amp;U)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>St&amp;ore:</source>
        <translation>存储(&amp;O)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Results store</source>
        <translation>结果存储</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>QuantScope stores (*.h5)</source>
        <translation>QuantScope 存储 (*.h5)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Import</source>
        <translation>导入(&amp;I)</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Choose the folder of revisions.</source>
        <translation>请选择修订版文件夹。</translation>
    </message>
    <message numerus="yes">
        <location line="+26"/>
        <source>%n revision(s), steps %1</source>
        <translation>
            <numerusform>%n 个修订版，步数 %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Choose the evaluation data: a text file or token ids.</source>
        <translation>请选择评估数据：文本文件或 token id。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The data file %1 does not exist.</source>
        <translation>数据文件 %1 不存在。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A text needs the model&apos;s tokenizer.json; %1 does not exist.</source>
        <translation>文本需要模型的 tokenizer.json；%1 不存在。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The calibration file %1 does not exist.</source>
        <translation>校准文件 %1 不存在。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Name the run.</source>
        <translation>请为运行命名。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the store the run goes into.</source>
        <translation>请选择运行要存入的存储。</translation>
    </message>
</context>
<context>
    <name>qs::ImportJob</name>
    <message>
        <location filename="../itemmodels/jobs/importjob.cpp" line="+27"/>
        <source>Reading the revisions of %1</source>
        <translation>正在读取 %1 的修订版</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Imported %n revision(s)</source>
        <translation>
            <numerusform>已导入 %n 个修订版</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::Job</name>
    <message numerus="yes">
        <location filename="../itemmodels/jobs/job.cpp" line="+52"/>
        <source>about %n s left</source>
        <translation>
            <numerusform>约剩 %n 秒</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>about %n min left</source>
        <translation>
            <numerusform>约剩 %n 分钟</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>about %1 h %2 min left</source>
        <translation>约剩 %1 小时 %2 分钟</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>unknown error</source>
        <translation>未知错误</translation>
    </message>
</context>
<context>
    <name>qs::JobControl</name>
    <message>
        <location filename="../app/gui/jobcontrol.cpp" line="+56"/>
        <location line="+38"/>
        <source>Another job is running; cancel it first</source>
        <translation>另一个任务正在运行；请先取消它</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>Demo finished: %1</source>
        <translation>演示完成：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Starting the demo in %1…</source>
        <translation>正在 %1 中启动演示…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Demo failed</source>
        <translation>演示失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Demo cancelled; the store keeps everything computed so far</source>
        <translation>演示已取消；结果库保留迄今计算的全部结果</translation>
    </message>
    <message numerus="yes">
        <location line="+36"/>
        <source>Sweep of %1 finished: %n entries computed</source>
        <translation>
            <numerusform>%1 的扫描已完成：计算了 %n 个条目</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>, %n already in the store</source>
        <translation>
            <numerusform>，%n 个已在结果库中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Sweeping %n config(s) over run %1…</source>
        <translation>
            <numerusform>正在对运行 %1 扫描 %n 个配置…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sweep failed</source>
        <translation>扫描失败</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sweep cancelled; the store keeps every entry finished so far</source>
        <translation>扫描已取消；结果库保留迄今完成的所有条目</translation>
    </message>
</context>
<context>
    <name>qs::LabActions</name>
    <message>
        <location filename="../app/gui/labactions.cpp" line="+40"/>
        <source>Run Re&amp;cipe</source>
        <translation>运行实验配方(&amp;C)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Recipes unavailable: %1</source>
        <translation>配方不可用：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%1 (about %n min)</source>
        <translation>
            <numerusform>%1（约 %n 分钟）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Another job is running; cancel it first</source>
        <translation>另一个任务正在运行；请先取消它</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>, %n figure(s)</source>
        <translation>
            <numerusform>，%n 张图</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, figures failed: %1</source>
        <translation>，图表导出失败：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recipe %1 finished in %2 min: report %3%4</source>
        <translation>配方 %1 用时 %2 分钟完成：报告 %3%4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Starting recipe %1 in %2…</source>
        <translation>正在 %2 中启动配方 %1…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Recipe failed</source>
        <translation>配方运行失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recipe cancelled; the store keeps everything finished so far, run it again to resume</source>
        <translation>配方已取消；存储保留了目前已完成的全部内容，再次运行即可继续</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Branch a Cooldown…</source>
        <translation>分支出冷却阶段(&amp;B)…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Branch a Cooldown</source>
        <translation>分支出冷却阶段</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Linear LR decay to the run&apos;s min LR, from checkpoint step %1 of %2.
Cooldown length (steps):</source>
        <translation>从 %2 的第 %1 步检查点开始，学习率线性衰减到该运行的最小学习率。
冷却长度（步）：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Train a cooldown branch from the selected checkpoint (the run must keep its optimizer states); it is drawn with its parent</source>
        <translation>从所选检查点训练一个冷却分支（该运行必须保留其优化器状态）；它会与其父运行一起绘制</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Average Checkpoints (LAWA)…</source>
        <translation>平均检查点 (LAWA)(&amp;A)…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Average Checkpoints (LAWA)</source>
        <translation>平均检查点 (LAWA)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Uniform average of the last k checkpoints of %1, at every checkpoint.
Window k:</source>
        <translation>在每个检查点处对 %1 的最近 k 个检查点取均匀平均。
窗口 k：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Make a run of rolling checkpoint averages (LAWA) of the selected run, to sweep like any other</source>
        <translation>用所选运行的滚动检查点平均 (LAWA) 生成一个新运行，可像其他运行一样扫描</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Make a Model Soup…</source>
        <translation>制作模型汤(&amp;M)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Average chosen checkpoints of the selected run, with weights of your choice, into a run of one checkpoint (a model soup), to sweep like any other</source>
        <translation>以自选的权重对所选运行中选定的检查点取平均，得到只有一个检查点的运行（模型汤），可像其他运行一样扫描</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Training the cooldown %1…</source>
        <translation>正在训练冷却分支 %1…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Averaging %1 into %2…</source>
        <translation>正在将 %1 平均为 %2…</translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>Averaging %n checkpoint(s) into the soup %1…</source>
        <translation>
            <numerusform>正在将 %n 个检查点平均为模型汤 %1…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model soup failed</source>
        <translation>模型汤失败</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Soup cancelled; the store is as it was</source>
        <translation>模型汤已取消；存储保持原样</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Run %1 is in the store; File &gt; Run Sweep quantizes it</source>
        <translation>运行 %1 已写入存储；文件 &gt; 运行扫描 可对其量化</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Intervention failed</source>
        <translation>干预失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled; what was finished is in the store, the same action resumes it</source>
        <translation>已取消；已完成的部分保存在存储中，再次执行同一操作即可继续</translation>
    </message>
</context>
<context>
    <name>qs::LayerTableModel</name>
    <message>
        <location filename="../itemmodels/layertablemodel.cpp" line="+65"/>
        <source>Per-layer metric &quot;%1&quot; from the store</source>
        <translation>来自结果库的逐层指标“%1”</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Not computed for this checkpoint yet</source>
        <translation>此检查点尚未计算</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 out × %2 in features, %3 weights</source>
        <translation>输出 %1 × 输入 %2 个特征，%3 个权重</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>block</source>
        <translation>块</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Tensor name in the checkpoint</source>
        <translation>检查点中的张量名称</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Transformer block index</source>
        <translation>Transformer 块索引</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Projection: q, k, v, o (attention) or gate, up, down (MLP)</source>
        <translation>投影：q、k、v、o（注意力）或 gate、up、down（MLP）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Out features × in features</source>
        <translation>输出特征 × 输入特征</translation>
    </message>
</context>
<context>
    <name>qs::LayerTablePage</name>
    <message>
        <location filename="../widgets/pages/layertablepage.cpp" line="+26"/>
        <source>&amp;Config:</source>
        <translation>配置(&amp;C)：</translation>
    </message>
    <message>
        <location line="+93"/>
        <source>This store holds no runs.</source>
        <translation>此结果库中没有运行。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open.</source>
        <translation>未打开结果库。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Click a checkpoint in the plot to see its layers.</source>
        <translation>在图中单击一个检查点以查看其各层。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This run has no checkpoints yet.</source>
        <translation>此运行尚无检查点。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Checkpoint %1: step %2, %3 tokens, LR %4</source>
        <translation>检查点 %1：第 %2 步，%3 个 token，LR %4</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> (not quantized with this config yet)</source>
        <translation>（尚未用此配置量化）</translation>
    </message>
</context>
<context>
    <name>qs::MainWindow</name>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="+88"/>
        <source>&amp;Heatmap</source>
        <translation>热力图(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Breakdown</source>
        <translation>分解(&amp;B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Outliers</source>
        <translation>离群值(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Layers</source>
        <translation>层(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;PTQ vs LR decay</source>
        <translation>PTQ 与学习率衰减(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Scaling laws</source>
        <translation>缩放定律(&amp;S)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run: </source>
        <translation>运行：</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindowmenus.cpp" line="+34"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a QuantScope results store (.h5)</source>
        <translation>打开 QuantScope 结果库（.h5）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run &amp;Demo</source>
        <translation>运行演示(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Train a small byte-level LM with a WSD schedule and quantize every checkpoint</source>
        <translation>用 WSD 学习率调度训练一个小型字节级 LM，并量化每个检查点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run &amp;Sweep…</source>
        <translation>运行扫描(&amp;S)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Quantize every checkpoint of a run of this store with configs of your choice</source>
        <translation>用您选择的配置量化此结果库中某个运行的每个检查点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Import Hugging Face Trajectory…</source>
        <translation>导入 Hugging Face 轨迹(&amp;I)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Make a run of a folder of Hugging Face revisions, to sweep like a trained run</source>
        <translation>将一个 Hugging Face 修订版文件夹变成一个运行，像训练出的运行一样进行扫描</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Export Figure…</source>
        <translation>导出图表(&amp;E)…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+20"/>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Follow the language of the operating system</source>
        <translation>跟随操作系统的语言</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QuantScope &amp;Documentation</source>
        <translation>QuantScope 文档(&amp;D)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Read the README and the guides (clusters, recipes, scaling laws, the store&apos;s format)</source>
        <translation>阅读 README 和指南（集群、实验方案、缩放定律、存储格式）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;About QuantScope</source>
        <translation>关于 QuantScope(&amp;A)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The new language applies the next time QuantScope starts.</source>
        <translation>新语言将在下次启动 QuantScope 时生效。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../app/gui/jobstatusarea.cpp" line="+36"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the running job at its next safe point</source>
        <translation>在下一个安全点停止正在运行的任务</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindowmenus.cpp" line="+28"/>
        <source>No recent stores</source>
        <translation>没有最近的结果库</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Clear Menu</source>
        <translation>清除菜单(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="+146"/>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Loaded %1</source>
        <translation>已加载 %1</translation>
    </message>
    <message>
        <location filename="../itemmodels/storefollower.cpp" line="+133"/>
        <source>Waiting for %1: %2</source>
        <translation>正在等待 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="+24"/>
        <source>Cannot open store</source>
        <translation>无法打开结果库</translation>
    </message>
    <message>
        <location filename="../itemmodels/storefollower.cpp" line="+6"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="+57"/>
        <source>Run %1: %2 schedule, %3 checkpoints, trained on %4</source>
        <translation>运行 %1：%2 调度，%3 个检查点，训练语料 %4</translation>
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
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
</context>
<context>
    <name>qs::MetricNames</name>
    <message>
        <location filename="../itemmodels/metricnames.cpp" line="+24"/>
        <source>CE (nats/byte)</source>
        <translation>CE（nats/字节）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ΔCE (nats/byte)</source>
        <translation>ΔCE（nats/字节）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ΔCE</source>
        <translation>ΔCE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>relative CE</source>
        <translation>相对 CE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KL mean (nats)</source>
        <translation>KL 均值（nats）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KL mean</source>
        <translation>KL 均值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KL p99</source>
        <translation>KL p99</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>same top-1</source>
        <translation>top-1 一致</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weight rel. error</source>
        <translation>权重相对误差</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SQNR (dB)</source>
        <translation>SQNR（dB）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GPTQ loss</source>
        <translation>GPTQ 损失</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPTQ damping</source>
        <translation>GPTQ 阻尼</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>input kurtosis</source>
        <translation>输入峰度</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>input absmax</source>
        <translation>输入 absmax</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>absmax / median</source>
        <translation>absmax / 中位数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>outlier channels (&gt;6)</source>
        <translation>离群通道（&gt;6）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leave-one-in ΔCE (nats/byte)</source>
        <translation>仅此层量化 ΔCE（nats/byte）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leave-one-in ΔCE</source>
        <translation>仅此层量化 ΔCE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ΔCE of the model with only this layer quantized as the config asks: the damage this layer causes on its own</source>
        <translation>仅按配置量化此层时模型的 ΔCE：此层单独造成的损害</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leave-one-in KL (nats)</source>
        <translation>仅此层量化 KL（nats）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leave-one-in KL</source>
        <translation>仅此层量化 KL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean KL(P_fp ‖ P_q) of the model with only this layer quantized as the config asks</source>
        <translation>仅按配置量化此层时模型的平均 KL(P_fp ‖ P_q)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>leave-one-out ΔCE (nats/byte)</source>
        <translation>除此层外量化 ΔCE（nats/byte）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leave-one-out ΔCE</source>
        <translation>除此层外量化 ΔCE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ΔCE of the model with every layer but this one quantized: the lower it is below the config&apos;s ΔCE, the more keeping this layer in full precision saves</source>
        <translation>除此层外全部量化时模型的 ΔCE：比配置的 ΔCE 低得越多，保持此层全精度节省得越多</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leave-one-out KL (nats)</source>
        <translation>除此层外量化 KL（nats）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leave-one-out KL</source>
        <translation>除此层外量化 KL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean KL(P_fp ‖ P_q) of the model with every layer but this one quantized</source>
        <translation>除此层外全部量化时模型的平均 KL(P_fp ‖ P_q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fisher estimate (nats/byte)</source>
        <translation>Fisher 估计（nats/byte）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fisher estimate</source>
        <translation>Fisher 估计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Second-order estimate of the leave-one-in ΔCE from the calibration data, ½ Σ F ⊙ (Ŵ − W)² with F the diagonal empirical Fisher information; it sees the weight error only</source>
        <translation>由校准数据得到的仅此层量化 ΔCE 的二阶估计，½ Σ F ⊙ (Ŵ − W)²，F 为经验 Fisher 信息的对角；只考虑权重误差</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>Relative weight error ‖Ŵ − W‖ / ‖W‖ (Frobenius norm)</source>
        <translation>权重相对误差 ‖Ŵ − W‖ / ‖W‖（Frobenius 范数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Signal-to-quantization-noise ratio of the layer&apos;s output on the calibration inputs, 10·log₁₀(‖Y‖² / ‖Y − Ŷ‖²) in dB; higher is better. Empty where the layer is not quantized</source>
        <translation>该层输出在校准输入上的信号与量化噪声比，10·log₁₀(‖Y‖² / ‖Y − Ŷ‖²)，单位 dB；越高越好。未量化的层为空</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GPTQ&apos;s per-layer loss Σ (w − q)² / [H⁻¹]ᵢᵢ² / 2 (the reference implementation&apos;s number)</source>
        <translation>GPTQ 的逐层损失 Σ (w − q)² / [H⁻¹]ᵢᵢ² / 2（参考实现给出的数值）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Damping added to the Hessian&apos;s diagonal (raised when the Cholesky factorisation failed)</source>
        <translation>加到 Hessian 对角线上的阻尼（Cholesky 分解失败时增大）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pearson kurtosis of the layer&apos;s input activations (3 for a Gaussian; large values mean heavy tails that make activation quantization hard). Measured on the full-precision model</source>
        <translation>该层输入激活的 Pearson 峰度（高斯分布为 3；数值大表示重尾，使激活量化变难）。在全精度模型上测量</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Largest |x| of the layer&apos;s input activations, the full-precision model&apos;s</source>
        <translation>该层输入激活的最大 |x|（全精度模型）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Largest |x| of the layer&apos;s input activations divided by their median |x|: how far the outliers stretch an absmax quantization grid</source>
        <translation>该层输入激活的最大 |x| 除以其 |x| 中位数：离群值把 absmax 量化网格拉伸了多少</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Number of input channels whose largest |x| exceeds 6 (the outlier magnitude of LLM.int8())</source>
        <translation>最大 |x| 超过 6 的输入通道数（LLM.int8() 的离群值阈值）</translation>
    </message>
</context>
<context>
    <name>qs::OutlierPage</name>
    <message>
        <location filename="../widgets/pages/outlierpage.cpp" line="+38"/>
        <source>1 channel above %1</source>
        <translation>1 个通道超过 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 channels above %2</source>
        <translation>%1 个通道超过 %2</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>The layer whose input activations are shown</source>
        <translation>显示其输入激活的层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Layer:</source>
        <translation>层(&amp;L)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FC2 &amp;inputs</source>
        <translation>FC2 输入(&amp;I)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the input of this block&apos;s down_proj (FC2), where the activation outliers concentrate</source>
        <translation>显示此块 down_proj（FC2）的输入，激活离群值集中于此</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>L&amp;og scale</source>
        <translation>对数刻度(&amp;O)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Logarithmic value axes: channel maxima, histogram counts and kurtosis</source>
        <translation>对数数值轴：通道最大值、直方图计数和峰度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hover for values, click a kurtosis point to select its checkpoint</source>
        <translation>悬停查看数值，单击峰度点可选择其检查点</translation>
    </message>
    <message>
        <location line="+481"/>
        <source>Histogram of the channel maxima</source>
        <translation>通道最大值直方图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Input kurtosis along training</source>
        <translation>训练过程中的输入峰度</translation>
    </message>
    <message>
        <location line="-343"/>
        <source>input channel</source>
        <translation>输入通道</translation>
    </message>
    <message>
        <location line="-28"/>
        <location line="+29"/>
        <source>max |x|</source>
        <translation>最大 |x|</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>channel max |x|</source>
        <translation>通道最大 |x|</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>channels</source>
        <translation>通道数</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <location line="-6"/>
        <location line="+340"/>
        <source>kurtosis (Gaussian: 3)</source>
        <translation>峰度（高斯：3）</translation>
    </message>
    <message>
        <location line="-333"/>
        <source>outlier channel</source>
        <translation>离群通道</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>outlier threshold %1</source>
        <translation>离群阈值 %1</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>%1 (FC2)</source>
        <translation>%1（FC2）</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>down (FC2)</source>
        <translation>down（FC2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>block %1 · %2</source>
        <translation>块 %1 · %2</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>No store open.</source>
        <translation>未打开结果库。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This store holds no runs.</source>
        <translation>此结果库中没有运行。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>This store has no activation statistics: run “%1” has no full-precision reference (config “fp”), which is where a sweep records them.</source>
        <translation>此结果库没有激活统计：运行“%1”没有全精度参考（配置“fp”），而扫描正是在其中记录这些统计的。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This store has no activation statistics: the full-precision reference of run “%1” was measured by a QuantScope that did not record them.</source>
        <translation>此结果库没有激活统计：运行“%1”的全精度参考是由不记录这些统计的 QuantScope 版本测量的。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This store has no per-channel activation profiles: the full-precision reference of run “%1” holds the layer statistics but not the profile “act_channel_absmax”.</source>
        <translation>此结果库没有逐通道激活分布：运行“%1”的全精度参考包含层统计，但没有分布“act_channel_absmax”。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sweep the run again with a current QuantScope: it measures the full-precision reference first, with the statistics and profiles of every layer&apos;s input.</source>
        <translation>请用当前版本的 QuantScope 重新扫描该运行：它会先测量全精度参考，并记录每一层输入的统计与分布。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot read the activation profile: %1</source>
        <translation>无法读取激活分布：%1</translation>
    </message>
    <message>
        <location filename="../widgets/pages/outliertrack.cpp" line="+90"/>
        <source>Reading the profiles of every checkpoint…</source>
        <translation>正在读取每个检查点的分布…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The profiles could not be read: %1</source>
        <translation>无法读取分布：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The full-precision reference has measured no checkpoint yet</source>
        <translation>全精度参考尚未测量任何检查点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No input channel of this layer exceeds %1 at any checkpoint</source>
        <translation>此层没有输入通道在任何检查点超过 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Outlier channels across checkpoints</source>
        <translation>各检查点的离群通道</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Outlier channels across %1 checkpoints: %2 exceed %3 at some checkpoint, %4 stayed from their first appearance to the end, %5 are outliers at the last</source>
        <translation>%1 个检查点中的离群通道：%2 个在某个检查点超过 %3，%4 个从首次出现起一直保持到最后，%5 个在最后一个检查点为离群</translation>
    </message>
    <message>
        <location filename="../widgets/pages/outlierpage.cpp" line="+96"/>
        <source>Reading the profile…</source>
        <translation>正在读取分布…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The full-precision reference has not measured this checkpoint yet</source>
        <translation>全精度参考尚未测量此检查点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The profile could not be read (see above)</source>
        <translation>无法读取分布（见上文）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No profile</source>
        <translation>无分布</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Input of %1 at step %2</source>
        <translation>%1 在第 %2 步的输入</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1, step %2</source>
        <translation>%1，第 %2 步</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 of %2 channels above %3</source>
        <translation>%2 个通道中有 %1 个超过 %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>kurtosis</source>
        <translation>峰度</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>kurtosis %1</source>
        <translation>峰度 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max |x| %1</source>
        <translation>最大 |x| %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max/median %1</source>
        <translation>最大/中位数 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Per-channel max |x| of the input</source>
        <translation>输入的逐通道最大 |x|</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per-channel max |x| of the input: %1 of %2 channels above %3</source>
        <translation>输入的逐通道最大 |x|：%2 个通道中有 %1 个超过 %3</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>step %1 (checkpoint %2)</source>
        <translation>第 %1 步（检查点 %2）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>channel %1 at step %2: max |x| %3
an outlier from step %4 (checkpoints in a row: %5, in all: %6)</source>
        <translation>通道 %1，第 %2 步：最大 |x| %3
自第 %4 步起为离群（连续检查点：%5，共计：%6）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>channel %1: max |x| %2</source>
        <translation>通道 %1：最大 |x| %2</translation>
    </message>
</context>
<context>
    <name>qs::PtqPage</name>
    <message>
        <location filename="../widgets/pages/ptqpage.cpp" line="+40"/>
        <source>&amp;Metric:</source>
        <translation>指标(&amp;M)：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Checkpoints after warmup; the selected config. Least squares: tokens only, and tokens + LR decay u = 1 − η/η_peak</source>
        <translation>预热之后的检查点；所选配置。最小二乘：仅 token，以及 token + 学习率衰减 u = 1 − η/η_峰值</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>warmup (not fitted)</source>
        <translation>预热（未拟合）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>fit: tokens only</source>
        <translation>拟合：仅 token</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fit: tokens + LR decay</source>
        <translation>拟合：token + 学习率衰减</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Select a quantized config of the run</source>
        <translation>请选择该运行的一个量化配置</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open</source>
        <translation>未打开存储</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The FP reference has no quantization error: select a quantized config</source>
        <translation>FP 参考没有量化误差：请选择一个量化配置</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1, %2: %3</source>
        <translation>%1，%2：%3</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>%1, %2: PTQ damage along training</source>
        <translation>%1，%2：训练过程中的 PTQ 损伤</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Evaluation noise: no paired test of %1 at steps %2 and %3 (%4).</source>
        <translation>评估噪声：无法对第 %2 步和第 %3 步的 %1 做配对检验（%4）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Evaluation noise: %1 at step %2 (after the decay began) − at step %3 (before it) = %4, 95 % interval [%5, %6] over %7 evaluation units, p = %8: %9.</source>
        <translation>评估噪声：第 %2 步（衰减开始后）的 %1 − 第 %3 步（衰减前）= %4，基于 %7 个评估单元的 95% 区间 [%5, %6]，p = %8：%9。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the change exceeds the noise</source>
        <translation>变化超出噪声</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the change is within the noise</source>
        <translation>变化在噪声范围内</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the error rises with the LR decay beyond what the tokens explain</source>
        <translation>误差随学习率衰减上升，超出了 token 所能解释的部分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the error falls during the LR decay</source>
        <translation>误差在学习率衰减期间下降</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the LR decay explains nothing the tokens do not (p ≥ 0.01)</source>
        <translation>学习率衰减没有解释 token 之外的任何变化（p ≥ 0.01）</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n checkpoint(s) fitted (%1 in the decay, %2 in warmup left out). Tokens only: R² %3, AIC %4. Tokens + LR decay: R² %5, AIC %6; decay term %7 ± %8, F = %9, p = %10: %11.</source>
        <translation>
            <numerusform>拟合了 %n 个检查点（%1 个在衰减阶段，排除了 %2 个预热检查点）。仅 token：R² %3，AIC %4。token + 学习率衰减：R² %5，AIC %6；衰减项 %7 ± %8，F = %9，p = %10：%11。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+87"/>
        <source>step %1 · %2 tokens · LR %3 (u = %4)
%5 = %6</source>
        <translation>步 %1 · %2 个 token · 学习率 %3 (u = %4)
%5 = %6</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
fit, tokens only: %1 · fit, tokens + LR decay: %2</source>
        <translation>
拟合（仅 token）：%1 · 拟合（token + 学习率衰减）：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
warmup: not fitted</source>
        <translation>
预热：未参与拟合</translation>
    </message>
</context>
<context>
    <name>qs::RunBrowserPage</name>
    <message>
        <location filename="../widgets/pages/runbrowserpage.cpp" line="+54"/>
        <source>Filter runs, steps, configs (e.g. &quot;gptq&quot;, &quot;step 600&quot;)</source>
        <translation>筛选运行、步、配置（例如“gptq”、“第 600 步”）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Filter:</source>
        <translation>筛选(&amp;F)：</translation>
    </message>
</context>
<context>
    <name>qs::RunTreeModel</name>
    <message>
        <location filename="../itemmodels/runtreemodel.cpp" line="+287"/>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR schedule: %1</source>
        <translation>LR 调度：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoints: %1, layers: %2, configs: %3</source>
        <translation>检查点：%1，层：%2，配置：%3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Corpus: %1</source>
        <translation>语料：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Numbers: the latest checkpoint&apos;s</source>
        <translation>数值：取最新检查点的值</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This run has no quantization config</source>
        <translation>此运行没有量化配置</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 at this checkpoint: %2</source>
        <translation>%1 在此检查点：%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not computed yet</source>
        <translation>尚未计算</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Checkpoint %1: step %2, %3 tokens</source>
        <translation>检查点 %1：第 %2 步，%3 个 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR %1, FP validation CE %2</source>
        <translation>LR %1，FP 验证 CE %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 of %2 configs computed</source>
        <translation>已计算 %1/%2 个配置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (%2) at step %3</source>
        <translation>%1（%2），第 %3 步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not computed yet</source>
        <translation>尚未计算</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 ± %2 (s.e.)</source>
        <translation>%1 ± %2（标准误）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (95 % interval %2 – %3)</source>
        <translation>%1（95% 区间 %2 – %3）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>run / checkpoint / config</source>
        <translation>运行 / 检查点 / 配置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LR</source>
        <translation>LR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FP loss</source>
        <translation>FP 损失</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rel. CE</source>
        <translation>相对 CE</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Runs, their checkpoints, and the quantization configs computed at each</source>
        <translation>运行、其检查点，以及在每个检查点上计算的量化配置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Optimizer steps (on a run: its latest checkpoint&apos;s)</source>
        <translation>优化器步数（运行行：取其最新检查点）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Training tokens seen (on a run: its latest checkpoint&apos;s)</source>
        <translation>已见训练 token 数（运行行：取其最新检查点）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Learning rate of the update that produced the checkpoint</source>
        <translation>产生该检查点的那次更新所用的学习率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Validation cross-entropy of the full-precision checkpoint, nats per byte</source>
        <translation>全精度检查点的验证交叉熵，nats/字节</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CE(quantized) / CE(full precision) − 1 on the validation bytes; on a checkpoint row, the selected config&apos;s value</source>
        <translation>验证字节上的 CE(量化) / CE(全精度) − 1；在检查点行上为所选配置的值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mean KL divergence of the quantized next-byte distribution from the full-precision one, nats; on a checkpoint row, the selected config&apos;s value</source>
        <translation>量化模型的下一字节分布相对于全精度分布的平均 KL 散度，nats；在检查点行上为所选配置的值</translation>
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
        <translation>尚无测量点。请打开记录您各次运行的 CSV（打开数据…）；其列为 N、D、G、bits、D_fp、D_qat、loss、delta、fp_loss、heldout 和 label（docs/scaling.md）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Measured points carry the loss and δ: choose one of them as the quantity.</source>
        <translation>测量点包含损失和 δ：请选择其一作为量。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The measured points cannot be shown with the %1 law: %2</source>
        <translation>测量点无法与 %1 定律一起显示：%2</translation>
    </message>
    <message numerus="yes">
        <location line="+30"/>
        <source>None of the %n measured point(s) has both %1 and %2%3.</source>
        <translation>
            <numerusform>%n 个测量点中没有一个同时具有 %1 和 %2%3。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source> &gt; 0 (log y)</source>
        <translation> &gt; 0（对数 y）</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+282"/>
        <location filename="../widgets/pages/scaling/scalingmeasuredview.cpp" line="+25"/>
        <source>measured</source>
        <translation>测量值</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingmeasuredview.cpp" line="+37"/>
        <source>%1, held out</source>
        <translation>%1，留出</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>law, %1</source>
        <translation>定律，%1</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%n point(s) without %1 or %2 left out.</source>
        <translation>
            <numerusform>已略去 %n 个缺少 %1 或 %2 的点。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Law curves for the first %1 groups only.</source>
        <translation>仅绘制前 %1 组的定律曲线。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>measured %1</source>
        <translation>测量的 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>residual (%)</source>
        <translation>残差（%）</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontourview.cpp" line="+195"/>
        <source>N = %1, D = %2 (%3 tokens per parameter)
%4 = %5</source>
        <translation>N = %1，D = %2（每参数 %3 个 token）
%4 = %5</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingmeasuredview.cpp" line="+44"/>
        <source>line %1 of %2</source>
        <translation>%2 第 %1 行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>measured %1 = %2</source>
        <translation>测量的 %1 = %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>law: %1 (residual %2 %)</source>
        <translation>定律：%1（残差 %2%）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>held out of the fit</source>
        <translation>未参与拟合（留出）</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingview.cpp" line="+105"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="-167"/>
        <source>Law</source>
        <translation>定律</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Chinchilla: L(N, D)</source>
        <translation>Chinchilla：L(N, D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>W4A4 QAT law: δ(N, D, G) (Chen et al.)</source>
        <translation>W4A4 QAT 定律：δ(N, D, G)（Chen 等）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compute-optimal QAT: f*, δ(N, D_fp, D_qat, B) (Dremov et al.)</source>
        <translation>计算最优 QAT：f*，δ(N, D_fp, D_qat, B)（Dremov 等）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>w4a16 (weight-only)</source>
        <translation>w4a16（仅权重）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>w16a4 (activation-only)</source>
        <translation>w16a4（仅激活）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>w16a4-fc2a8 (FC2 input at 8 bits)</source>
        <translation>w16a4-fc2a8（FC2 输入为 8 位）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>w4a4 (weights and activations)</source>
        <translation>w4a4（权重和激活）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hoffmann et al. 2022</source>
        <translation>Hoffmann 等 2022</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Besiroglu et al. 2024</source>
        <translation>Besiroglu 等 2024</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (unset, to be fitted)</source>
        <translation>无（未设置，待拟合）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>as loaded or fitted</source>
        <translation>按加载或拟合的值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Published coefficients of L(N, D) = E + A/N^α + B/D^β</source>
        <translation>L(N, D) = E + A/N^α + B/D^β 的已发表系数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Load law…</source>
        <translation>加载定律(&amp;L)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a law saved as JSON (quantscope fit writes them)</source>
        <translation>打开保存为 JSON 的定律（由 quantscope fit 写出）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sa&amp;ve law…</source>
        <translation>保存定律(&amp;V)…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>La&amp;w:</source>
        <translation>定律(&amp;W)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>V&amp;ariant:</source>
        <translation>变体(&amp;A)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Chinchilla part:</source>
        <translation>Chinchilla 部分(&amp;C)：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Inputs</source>
        <translation>输入</translation>
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
        <translation>参数量（原始数值；7e9 或 7B）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Training tokens (raw count; 2e12 or 2T)</source>
        <translation>训练 token 数（原始数值；2e12 或 2T）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantization group size in input channels (per-channel: the layer&apos;s input dimension)</source>
        <translation>以输入通道计的量化分组大小（逐通道：该层的输入维度）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weight bit width</source>
        <translation>权重位宽</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>QAT fraction f = D_qat / D of the training tokens</source>
        <translation>训练 token 中的 QAT 比例 f = D_qat / D</translation>
    </message>
    <message>
        <location line="-95"/>
        <source>Open &amp;data…</source>
        <translation>打开数据(&amp;D)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measured points as CSV: columns N, D, G, bits, D_fp, D_qat, loss, delta, fp_loss, heldout, label (docs/scaling.md)</source>
        <translation>CSV 格式的测量点：列为 N、D、G、bits、D_fp、D_qat、loss、delta、fp_loss、heldout、label（docs/scaling.md）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Fit to data…</source>
        <translation>拟合数据(&amp;F)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fit the law&apos;s unset and fitted coefficients to the measured points (Huber loss on log residuals, L-BFGS from a grid of starts, bootstrap CIs)</source>
        <translation>将定律中未设置和已拟合的系数拟合到测量点（对数残差上的 Huber 损失，从起点网格出发的 L-BFGS，bootstrap 置信区间）</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+208"/>
        <source>no measured points</source>
        <translation>无测量点</translation>
    </message>
    <message>
        <location line="-196"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Coefficients (double-click a value to edit):</source>
        <translation>系数（双击数值可编辑）：</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+41"/>
        <source>Curves</source>
        <translation>曲线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Contour map N × D</source>
        <translation>N × D 等值线图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QAT fraction f* vs S</source>
        <translation>QAT 比例 f* 随 S 变化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Measured points and residuals</source>
        <translation>测量点与残差</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vie&amp;w:</source>
        <translation>视图(&amp;W)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quantity:</source>
        <translation>量(&amp;Q)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;x:</source>
        <translation>x(&amp;X)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Series:</source>
        <translation>系列(&amp;S)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Log &amp;y</source>
        <translation>对数 y(&amp;Y)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+84"/>
        <source>Load Law</source>
        <translation>加载定律</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scaling laws (*.json);;All files (*)</source>
        <translation>缩放定律 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save Law</source>
        <translation>保存定律</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scaling laws (*.json)</source>
        <translation>缩放定律 (*.json)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open Measured Points</source>
        <translation>打开测量点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+169"/>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot load the law from %1: %2</source>
        <translation>无法从 %1 加载定律：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loaded the %1 law from %2</source>
        <translation>已从 %2 加载 %1 定律</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+60"/>
        <source>Not an input of this law</source>
        <translation>不是此定律的输入</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+41"/>
        <source>loss L</source>
        <translation>损失 L</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>δ from quantization</source>
        <translation>量化导致的 δ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>N_eff / N</source>
        <translation>N_eff / N</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>f* (optimal)</source>
        <translation>f*（最优）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>f̂ (direct fit)</source>
        <translation>f̂（直接拟合）</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="-47"/>
        <source>effective parameter fraction N_eff/N</source>
        <translation>有效参数比例 N_eff/N</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>effective parameters N_eff</source>
        <translation>有效参数 N_eff</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>optimal QAT fraction f*</source>
        <translation>最优 QAT 比例 f*</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>direct fit f̂ = exp(−a/ln S)</source>
        <translation>直接拟合 f̂ = exp(−a/ln S)</translation>
    </message>
    <message>
        <location line="+11"/>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+19"/>
        <source>N (parameters)</source>
        <translation>N（参数量）</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+2"/>
        <source>D (tokens)</source>
        <translation>D（token 数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>G (group size)</source>
        <translation>G（分组大小）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>B (bits)</source>
        <translation>B（位数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>f (QAT fraction)</source>
        <translation>f（QAT 比例）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+19"/>
        <source>%1: %n point(s)</source>
        <translation>
            <numerusform>%1：%n 个点</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+189"/>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The measured points cannot be used with this law: %1</source>
        <translation>测量点无法用于此定律：%1</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+29"/>
        <source>Fit to Data</source>
        <translation>拟合数据</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>automatic (δ for the QAT laws when the data have it, else the loss)</source>
        <translation>自动（数据含 δ 时 QAT 定律用 δ，否则用损失）</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="-46"/>
        <source>loss</source>
        <translation>损失</translation>
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
        <translation>同时重新拟合已发表和手动编辑的系数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>By default only unset and previously fitted coefficients are free</source>
        <translation>默认仅未设置和先前拟合的系数为自由参数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Bootstrap resamples for the 95 % intervals (0: no intervals)</source>
        <translation>用于 95% 区间的 bootstrap 重采样次数（0：不计算区间）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fit on:</source>
        <translation>拟合目标：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bootstrap resamples:</source>
        <translation>Bootstrap 重采样次数：</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot fit: %1</source>
        <translation>无法拟合：%1</translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+29"/>
        <source>Open measured points first (Open data…): the fit needs them.</source>
        <translation>请先打开测量点（打开数据…）：拟合需要它们。</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="-123"/>
        <source>%1 (%p%)</source>
        <translation>%1（%p%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (%p%, %2)</source>
        <translation>%1（%p%，%2）</translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+10"/>
        <source>The fit failed; the coefficients are unchanged. %1</source>
        <translation>拟合失败；系数未改变。%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Fit cancelled; the coefficients are unchanged.</source>
        <translation>拟合已取消；系数未改变。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Fitting the %1 law to %n point(s)…</source>
        <translation>
            <numerusform>正在将 %1 定律拟合到 %n 个点…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+81"/>
        <source>starting (%p%)</source>
        <translation>正在开始（%p%）</translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+31"/>
        <source>The fit finished after the law was replaced; its result was dropped.</source>
        <translation>拟合在定律被替换后才完成；其结果已丢弃。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Fitted %1 coefficient(s) to %2 point(s): mean relative error %3 %</source>
        <translation>已用 %2 个点拟合 %1 个系数：平均相对误差 %3%</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>, held out (%1 points) %2 %</source>
        <translation>，留出点（%1 个）%2%</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="-2"/>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="-47"/>
        <source>FP loss</source>
        <translation>FP 损失</translation>
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
        <translation>损失 L（nats）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FP loss E + A/N^α + B/D^β (nats)</source>
        <translation>FP 损失 E + A/N^α + B/D^β（nats）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>δ, loss increase from quantization (nats)</source>
        <translation>δ，量化导致的损失增加（nats）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>S, tokens per parameter byte</source>
        <translation>S，每参数字节的 token 数</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>D (training tokens)</source>
        <translation>D（训练 token 数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>G (group size, input channels)</source>
        <translation>G（分组大小，输入通道数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>B (weight bits)</source>
        <translation>B（权重位数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>f (QAT fraction of the tokens)</source>
        <translation>f（token 中的 QAT 比例）</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingview.cpp" line="-64"/>
        <source>%1 cannot be drawn: the %2 law&apos;s coefficients %3 are unset. Fit the law to measured points (Fit to data…), load a fitted law (Load law…), or type values into the coefficient table.</source>
        <translation>无法绘制 %1：%2 定律的系数 %3 未设置。请将定律拟合到测量点（拟合数据…）、加载已拟合的定律（加载定律…），或在系数表中输入数值。</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="+26"/>
        <source>%1: unset coefficients</source>
        <translation>%1：系数未设置</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>At these inputs:
%1</source>
        <translation>在这些输入下：
%1</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcurvesview.cpp" line="+87"/>
        <location line="+49"/>
        <source>at the inputs</source>
        <translation>当前输入处</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontourview.cpp" line="-98"/>
        <location filename="../widgets/pages/scaling/scalingcurvesview.cpp" line="-30"/>
        <source>%1 cannot be drawn here: %2</source>
        <translation>此处无法绘制 %1：%2</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcurvesview.cpp" line="+15"/>
        <source>%1 is undefined over this range of %2.</source>
        <translation>%1 在 %2 的此范围内无定义。</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontourview.cpp" line="+14"/>
        <source>%1, log scale</source>
        <translation>%1，对数刻度</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>the inputs (N, D)</source>
        <translation>当前输入（N, D）</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingfractionview.cpp" line="+58"/>
        <source>The optimal QAT fraction f* and its direct fit f̂ belong to the compute-optimal QAT law (Dremov et al. 2025): choose it under Law.</source>
        <translation>最优 QAT 比例 f* 及其直接拟合 f̂ 属于计算最优 QAT 定律（Dremov 等 2025）：请在“定律”中选择它。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>direct fit f̂ = exp(−%1 / ln S)</source>
        <translation>直接拟合 f̂ = exp(−%1 / ln S)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>law&apos;s optimum f* (N = %1, B = %2)</source>
        <translation>定律最优值 f*（N = %1，B = %2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>f* needs the QAT law&apos;s δ coefficients, which are unset: fit them to measured points or type them into the table. f̂ is drawn alone.</source>
        <translation>f* 需要 QAT 定律的 δ 系数，但它们未设置：请将其拟合到测量点或在表中输入。仅绘制 f̂。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the inputs: S = %1</source>
        <translation>当前输入：S = %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>S = D / (N·B/8), tokens per parameter byte</source>
        <translation>S = D / (N·B/8)，每参数字节的 token 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QAT fraction f = D_qat / D</source>
        <translation>QAT 比例 f = D_qat / D</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingview.cpp" line="+12"/>
        <source>Chinchilla law</source>
        <translation>Chinchilla 定律</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>W4A4 QAT law, %1</source>
        <translation>W4A4 QAT 定律，%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>compute-optimal QAT law</source>
        <translation>计算最优 QAT 定律</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcurvesview.cpp" line="+44"/>
        <source>%1: %2 against %3</source>
        <translation>%1：%2 随 %3 变化</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontourview.cpp" line="+46"/>
        <source>%1: %2 over N × D</source>
        <translation>%1：%2 在 N × D 上的分布</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingfractionview.cpp" line="+20"/>
        <source>%1: optimal QAT fraction against S</source>
        <translation>%1：最优 QAT 比例随 S 变化</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingmeasuredview.cpp" line="+6"/>
        <source>%1: measured %2 against %3 (%4)</source>
        <translation>%1：测量的 %2 随 %3 变化（%4）</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingview.cpp" line="+11"/>
        <source>%1 at %2</source>
        <translation>%1，于 %2</translation>
    </message>
</context>
<context>
    <name>qs::ShortcutsDialog</name>
    <message>
        <location filename="../app/gui/helpwindows.cpp" line="-156"/>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Show the %1 view</source>
        <translation>显示“%1”视图</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Left, Right</source>
        <translation>左、右</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: the previous or next checkpoint</source>
        <translation>在图上：上一个或下一个检查点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Up, Down</source>
        <translation>上、下</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: the previous or next layer</source>
        <translation>在图上：上一层或下一层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mouse wheel</source>
        <translation>鼠标滚轮</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: zoom the x axis</source>
        <translation>在图上：缩放 x 轴</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drag</source>
        <translation>拖动</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: move along the x axis</source>
        <translation>在图上：沿 x 轴移动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click</source>
        <translation>双击</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: show everything again</source>
        <translation>在图上：重新显示全部</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
</context>
<context>
    <name>qs::SoupDialog</name>
    <message>
        <location filename="../widgets/dialogs/soupdialog.cpp" line="+71"/>
        <source>Make a Model Soup</source>
        <translation>制作模型汤</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check the checkpoints of %1 to average and give each a weight. The soup is their weighted average, a run of one checkpoint that sweeps like any other.</source>
        <translation>勾选 %1 中要平均的检查点，并为每个检查点指定权重。模型汤是它们的加权平均，即只有一个检查点的运行，可像其他运行一样扫描。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>LR</source>
        <translation>LR</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 tokens</source>
        <translation>%1 个词元</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>Step %1 is shared by %n checkpoint(s) of this run; a soup names its ingredients by step, so it cannot take them</source>
        <translation>
            <numerusform>此运行有 %n 个检查点共用第 %1 步；模型汤按步数指定成分，因此无法使用它们</numerusform>
        </translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The new run: letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos;</source>
        <translation>新运行：字母、数字、&apos;-&apos;、&apos;_&apos; 和 &apos;.&apos;</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The averaged revision folder is written inside this folder, named after the latest ingredient&apos;s revision</source>
        <translation>平均后的修订版文件夹写在此文件夹内，以最新成分的修订版命名</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Output folder:</source>
        <translation>输出文件夹(&amp;O)：</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Make Soup</source>
        <translation>制作模型汤(&amp;M)</translation>
    </message>
    <message>
        <location line="+121"/>
        <source>Folder for the averaged revision</source>
        <translation>平均后修订版的文件夹</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The weight of step %1 must be a number above 0.</source>
        <translation>第 %1 步的权重必须是大于 0 的数。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Check at least two checkpoints: a soup averages two or more.</source>
        <translation>请至少勾选两个检查点：模型汤需要平均两个或更多检查点。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Name the soup&apos;s run.</source>
        <translation>请为模型汤的运行命名。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The store already holds a run named %1; choose another name.</source>
        <translation>存储中已有名为 %1 的运行；请另选名称。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the folder the averaged revision goes into.</source>
        <translation>请选择存放平均后修订版的文件夹。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>step %1 (%2 %)</source>
        <translation>第 %1 步 (%2 %)</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Averages %n checkpoint(s): %1.</source>
        <translation>
            <numerusform>平均 %n 个检查点：%1。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Writes the revision folder %1.</source>
        <translation>写入修订版文件夹 %1。</translation>
    </message>
</context>
<context>
    <name>qs::SweepDialog</name>
    <message>
        <location filename="../widgets/dialogs/sweepdialog.cpp" line="+40"/>
        <source>%1: %2 (the full-precision reference; every sweep computes it)</source>
        <translation>%1：%2（全精度参考；每次扫描都会计算）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 (same config as line %3, run once)</source>
        <translation>%1：%2（与第 %3 行配置相同，只运行一次）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>quantization spec &apos;%1&apos;: %2</source>
        <translation>量化规格“%1”：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: does not parse</source>
        <translation>%1：无法解析</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>(and %n more line(s) that do not parse)</source>
        <translation>
            <numerusform>（另有 %n 行无法解析）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Enter at least one quantization config, one spec per line, e.g. rtn:4:g128:sym</source>
        <translation>请至少输入一个量化配置，每行一个规格，例如 rtn:4:g128:sym</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Run Sweep</source>
        <translation>运行扫描</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The trained run whose checkpoints are quantized</source>
        <translation>要量化其检查点的已训练运行</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>method[:bits][:options]. Methods: none, rtn, gptq, awq (asymmetric, clip for AutoAWQ&apos;s clipping), hqq (2, 3, 4, 8 bits), nf4 and fp4 (bitsandbytes), int8 (LLM.int8), mxfp4, mxfp8, nvfp4, fp8 (e4m3 | e5m2, pc | pt). Options in any order: pc | g&lt;N&gt; (weight groups), sym | asym, act | noact (GPTQ act-order), cal&lt;N&gt;x&lt;T&gt; (GPTQ and AWQ calibration: N sequences of T tokens), dq | nodq (NF4/FP4 double quantization), a&lt;B&gt; | a&lt;B&gt;g&lt;N&gt; (integer activations), a4mx | a8mx | a4nv | a8fp | a8lt (MXFP4, MXFP8, NVFP4, FP8, LLM.int8 activations), &lt;kind&gt;=w&lt;B&gt;a&lt;B&gt; (mixed precision, kinds q, k, v, o, gate, up, down; down=a8mx for a format), rot | rot&lt;S&gt; | rotd (the model rotated first, as QuaRot: Hadamard rotations with random signs from seed 0 or S, or the plain ones; not with awq). &quot;none:a4&quot; quantizes activations only.</source>
        <translation>method[:bits][:options]。方法：none、rtn、gptq、awq（非对称，clip 为 AutoAWQ 的裁剪）、hqq（2、3、4、8 位）、nf4 和 fp4（bitsandbytes）、int8（LLM.int8）、mxfp4、mxfp8、nvfp4、fp8（e4m3 | e5m2，pc | pt）。选项顺序任意：pc | g&lt;N&gt;（权重分组）、sym | asym、act | noact（GPTQ act-order）、cal&lt;N&gt;x&lt;T&gt;（GPTQ 和 AWQ 校准：N 条 T 个 token 的序列）、dq | nodq（NF4/FP4 双重量化）、a&lt;B&gt; | a&lt;B&gt;g&lt;N&gt;（整数激活）、a4mx | a8mx | a4nv | a8fp | a8lt（MXFP4、MXFP8、NVFP4、FP8、LLM.int8 激活）、&lt;kind&gt;=w&lt;B&gt;a&lt;B&gt;（混合精度，类型 q、k、v、o、gate、up、down；格式写作 down=a8mx），rot | rot&lt;S&gt; | rotd（先旋转模型，如 QuaRot：带有种子 0 或 S 随机符号的 Hadamard 旋转，或普通旋转；不可与 awq 同用）。“none:a4”只量化激活。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>One config per line, e.g. rtn:4:g128:sym, gptq:3:g128:sym:act, rtn:4:g128:sym:a4:down=a8, awq:4, none:a4, nf4, hqq:4, mxfp4:a4mx:down=a8mx or fp8:a8fp. The full-precision reference is always computed; configs already in the store are skipped.</source>
        <translation>每行一个配置，例如 rtn:4:g128:sym、gptq:3:g128:sym:act、rtn:4:g128:sym:a4:down=a8、awq:4、none:a4、nf4、hqq:4、mxfp4:a4mx:down=a8mx 或 fp8:a8fp。全精度参考总会计算；存储中已有的配置会被跳过。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 (activations only)</source>
        <translation>%1（仅激活）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (as %2)</source>
        <translation>%1（同 %2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (rotated W4A4, as QuaRot)</source>
        <translation>%1（旋转的 W4A4，如 QuaRot）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each quantizer with the settings of the library whose numbers it reproduces</source>
        <translation>每个量化器都采用其所复现数值的库的设置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add</source>
        <translation>添加(&amp;A)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Run Sweep</source>
        <translation>运行扫描(&amp;R)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>R&amp;un:</source>
        <translation>运行(&amp;U)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Configs:</source>
        <translation>配置(&amp;C)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Method:</source>
        <translation>方法(&amp;M)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Will run:</source>
        <translation>将运行：</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>The store holds no run to sweep.</source>
        <translation>结果库中没有可扫描的运行。</translation>
    </message>
</context>
<context>
    <name>qs::SweepJob</name>
    <message>
        <location filename="../itemmodels/jobs/sweepjob.cpp" line="+29"/>
        <source>Opening %1</source>
        <translation>正在打开 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Reading the corpus of run %1</source>
        <translation>正在读取运行 %1 的语料</translation>
    </message>
</context>
<context>
    <name>qs::TrajectoryAxes</name>
    <message>
        <location filename="../widgets/pages/trajectory/trajectoryaxes.cpp" line="+30"/>
        <source>same top-1 (%)</source>
        <translation>top-1 一致（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+135"/>
        <source>mean layer SQNR (dB)</source>
        <translation>层平均 SQNR（dB）</translation>
    </message>
    <message>
        <location line="-134"/>
        <source>What the left axis shows for every quantization config: the change of the validation CE, the KL divergence of the quantized next-byte distribution from the full-precision one, the share of bytes whose most likely prediction stays the same, or the layers&apos; output SQNR</source>
        <translation>左轴对每个量化配置显示的内容：验证 CE 的变化、量化后下一字节分布相对于全精度分布的 KL 散度、最可能预测保持不变的字节比例，或各层输出的 SQNR</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Metric:</source>
        <translation>指标(&amp;M)：</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+235"/>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <location line="-234"/>
        <location line="+234"/>
        <source>tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <location line="-233"/>
        <source>checkpoint order</source>
        <translation>检查点顺序</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;X axis:</source>
        <translation>X 轴(&amp;X)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;FP val loss</source>
        <translation>FP 验证损失(&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Also show the validation loss of the full-precision model</source>
        <translation>同时显示全精度模型的验证损失</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Log x</source>
        <translation>对数 x(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Logarithmic x axis (checkpoint 0 is not drawn)</source>
        <translation>对数 x 轴（不绘制检查点 0）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>FP validation loss (nats)</source>
        <translation>FP 验证损失（nats）</translation>
    </message>
    <message>
        <location line="+98"/>
        <source>ΔCE = CE(Ŵ) − CE(W) (nats)</source>
        <translation>ΔCE = CE(Ŵ) − CE(W)（nats）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KL mean, KL(FP ‖ quantized) (nats per token)</source>
        <translation>KL 均值，KL(FP ‖ 量化)（nats/token）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KL p99, KL(FP ‖ quantized) (nats per token)</source>
        <translation>KL p99，KL(FP ‖ 量化)（nats/token）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>same top-1 as FP (% of tokens)</source>
        <translation>与 FP 的 top-1 一致（token 的 %）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>relative CE (CE(Ŵ)/CE(W) − 1)</source>
        <translation>相对 CE（CE(Ŵ)/CE(W) − 1）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>mean SQNR</source>
        <translation>平均 SQNR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rel. CE</source>
        <translation>相对 CE</translation>
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
        <translation>检查点（按训练顺序）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tokens (summed over the stages)</source>
        <translation>token 数（各阶段累加）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>step (summed over the stages)</source>
        <translation>步数（各阶段累加）</translation>
    </message>
</context>
<context>
    <name>qs::TrajectoryPage</name>
    <message>
        <location filename="../widgets/pages/trajectory/trajectorypage.cpp" line="+33"/>
        <source>Hover for values, click a checkpoint to inspect its layers, wheel to zoom, double-click to reset</source>
        <translation>悬停查看数值，单击检查点查看其各层，滚轮缩放，双击复位</translation>
    </message>
    <message>
        <location line="+360"/>
        <source>run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <location line="-208"/>
        <source>This store holds no runs</source>
        <translation>此结果库中没有运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open</source>
        <translation>未打开结果库</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: quantization damage along training</source>
        <translation>%1：训练过程中的量化损伤</translation>
    </message>
    <message>
        <location line="+200"/>
        <source>checkpoint %1: step %2, %3 tokens</source>
        <translation>检查点 %1：第 %2 步，%3 个 token</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR %1, FP val CE %2</source>
        <translation>LR %1，FP 验证 CE %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>not in the store</source>
        <translation>不在结果库中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not computed yet</source>
        <translation>尚未计算</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 ± %2 (s.e.)</source>
        <translation>%1 ± %2（标准误）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (95 % interval %2 – %3)</source>
        <translation>%1（95% 区间 %2 – %3）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2 %3</source>
        <translation>%1：%2 %3</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>%1, at %2 steps and %3 tokens in all</source>
        <translation>%1，累计 %2 步、%3 个 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no stage</source>
        <translation>无阶段</translation>
    </message>
</context>
<context>
    <name>qs::TrajectoryRuns</name>
    <message>
        <location filename="../widgets/pages/trajectory/trajectoryruns.cpp" line="+54"/>
        <source>&amp;Branches</source>
        <translation>分支(&amp;B)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Also draw the run&apos;s family: the run it branched or was averaged from, and the cooldown branches and averaged runs made from it</source>
        <translation>同时绘制该运行的家族：它所分支或平均自的运行，以及由它派生的冷却分支和平均运行</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Runs</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Overlay other runs of the store: every run gets its own line style and marker, every config keeps its colour</source>
        <translation>叠加结果库中的其他运行：每个运行有各自的线型和标记，每个配置保持其颜色</translation>
    </message>
    <message>
        <location line="+170"/>
        <source>learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <location line="+65"/>
        <source> (95 % band)</source>
        <translation>（95% 置信带）</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>FP val loss</source>
        <translation>FP 验证损失</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>train loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 (family)</source>
        <translation>%1（家族）</translation>
    </message>
</context>
<context>
    <name>qs::TrajectoryShading</name>
    <message>
        <location filename="../widgets/pages/trajectory/trajectoryshading.cpp" line="+82"/>
        <source>warmup</source>
        <translation>预热</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stable</source>
        <translation>稳定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR decay</source>
        <translation>LR 衰减</translation>
    </message>
    <message>
        <location line="+44"/>
        <location line="+30"/>
        <source>no stage</source>
        <translation>无阶段</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>stage %1 · %2 ingredients</source>
        <translation>阶段 %1 · %2 个成分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stage %1 · %2 branches</source>
        <translation>阶段 %1 · %2 个分支</translation>
    </message>
</context>
</TS>
