<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko" sourcelanguage="en">
<context>
    <name>CheckpointFolder</name>
    <message>
        <location filename="../itemmodels/checkpointfolder.cpp" line="+59"/>
        <source>%1 is not a folder</source>
        <translation>%1은(는) 폴더가 아닙니다</translation>
    </message>
    <message numerus="yes">
        <location line="+23"/>
        <source>No results store uses the checkpoints in %1 (looked at %n store(s) in it, next to it and among the recent ones). Sweep them into a store first: quantscope sweep --store S --run R</source>
        <translation>
            <numerusform>%1의 체크포인트를 사용하는 결과 저장소가 없습니다(폴더 안, 옆, 최근 목록에서 저장소 %n개를 확인함). 먼저 저장소로 스윕하세요: quantscope sweep --store S --run R</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FigureExport</name>
    <message>
        <location filename="../widgets/plot/figureexport.cpp" line="+47"/>
        <source>Cannot write %1: %2</source>
        <translation>%1에 쓸 수 없습니다: %2</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>QuantScope</source>
        <translation>QuantScope</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>QuantScope figure</source>
        <translation>QuantScope 그림</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Cannot export %1: a figure is saved as .pdf, .svg or .png</source>
        <translation>%1을(를) 내보낼 수 없습니다: 그림은 .pdf, .svg 또는 .png로 저장됩니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot export %1: there is no plot to export</source>
        <translation>%1을(를) 내보낼 수 없습니다: 내보낼 그래프가 없습니다</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cannot export %1: a figure of %2 × %3 in is out of range (at most %4 in a side)</source>
        <translation>%1을(를) 내보낼 수 없습니다: %2 × %3 in 크기의 그림은 범위를 벗어납니다(한 변 최대 %4 in)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot export %1: %2 dpi is out of range (%3 to %4, at most %5 pixels a side)</source>
        <translation>%1을(를) 내보낼 수 없습니다: %2 dpi는 범위를 벗어납니다(%3~%4, 한 변 최대 %5픽셀)</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+26"/>
        <source>drawing the figure failed</source>
        <translation>그림을 그리지 못했습니다</translation>
    </message>
    <message>
        <location line="+22"/>
        <location line="+51"/>
        <source>Cannot export %1: unknown figure format &quot;%2&quot; (use .pdf, .svg or .png)</source>
        <translation>%1을(를) 내보낼 수 없습니다: 알 수 없는 그림 형식 &quot;%2&quot;(.pdf, .svg 또는 .png 사용)</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Cannot export %1: the %2 view shows nothing</source>
        <translation>%1을(를) 내보낼 수 없습니다: %2 보기에 표시된 내용이 없습니다</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cannot export %1: the %2 view shows no data</source>
        <translation>%1을(를) 내보낼 수 없습니다: %2 보기에 표시된 데이터가 없습니다</translation>
    </message>
    <message>
        <location filename="../widgets/pages/figurepages.cpp" line="+101"/>
        <source>Cannot export %1: unknown metric &quot;%2&quot; (use one of %3)</source>
        <translation>%1을(를) 내보낼 수 없습니다: 알 수 없는 지표 &quot;%2&quot;(%3 중 하나 사용)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot export %1: the store %2 holds no runs</source>
        <translation>%1을(를) 내보낼 수 없습니다: 저장소 %2에 실행이 없습니다</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot export %1: the store %2 has no run named &quot;%3&quot;</source>
        <translation>%1을(를) 내보낼 수 없습니다: 저장소 %2에 &quot;%3&quot;(이)라는 실행이 없습니다</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot export %1: this build has no trajectory view</source>
        <translation>%1을(를) 내보낼 수 없습니다: 이 빌드에는 궤적 보기가 없습니다</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cannot export %1: no run is shown</source>
        <translation>%1을(를) 내보낼 수 없습니다: 표시된 실행이 없습니다</translation>
    </message>
</context>
<context>
    <name>qs::AboutDialog</name>
    <message>
        <location filename="../app/gui/helpwindows.cpp" line="+64"/>
        <source>About QuantScope</source>
        <translation>QuantScope 정보</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>A workbench for how an LLM&apos;s training dynamics change how much it suffers from quantization: every checkpoint of a trajectory quantized, measured and shown.</source>
        <translation>LLM의 학습 동역학이 양자화 손상을 어떻게 바꾸는지 연구하는 작업대: 궤적의 모든 체크포인트를 양자화하고 측정하여 보여 줍니다.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Running with:</source>
        <translation>실행 환경:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It implements the methods of:</source>
        <translation>다음 논문의 방법을 구현합니다:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Free software under the GNU General Public License, version 3 or later.</source>
        <translation>GNU 일반 공중 사용 허가서 버전 3 이상에 따른 자유 소프트웨어입니다.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Copy Versions</source>
        <translation>버전 복사(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy the versions, e.g. for a bug report or a paper&apos;s methods section</source>
        <translation>버전을 복사합니다. 예: 버그 보고나 논문의 방법 절</translation>
    </message>
</context>
<context>
    <name>qs::BreakdownPage</name>
    <message>
        <location filename="../widgets/pages/breakdownpage.cpp" line="+40"/>
        <source>down (FC2)</source>
        <translation>down(FC2)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Metric:</source>
        <translation>지표(&amp;M):</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>per layer</source>
        <translation>레이어별</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>per module kind (mean over blocks)</source>
        <translation>모듈 종류별(블록 평균)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Bars:</source>
        <translation>막대(&amp;B):</translation>
    </message>
    <message>
        <location line="+560"/>
        <source>weight
only</source>
        <translation>가중치
만</translation>
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
        <translation>활성화
만</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>both</source>
        <translation>둘 다</translation>
    </message>
    <message>
        <location line="-509"/>
        <location line="+273"/>
        <source>weight-only + activation-only</source>
        <translation>가중치만 + 활성화만</translation>
    </message>
    <message>
        <location line="-105"/>
        <source>block (bars: module kinds in block order)</source>
        <translation>블록(막대: 블록 내 순서의 모듈 종류)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>block</source>
        <translation>블록</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>module kind (mean over blocks)</source>
        <translation>모듈 종류(블록 평균)</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>This store holds no runs</source>
        <translation>이 저장소에는 실행이 없습니다</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open</source>
        <translation>열린 저장소가 없습니다</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>full-precision model</source>
        <translation>완전 정밀도 모델</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no config</source>
        <translation>구성 없음</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (not computed at this checkpoint)</source>
        <translation>%1(이 체크포인트에서 계산되지 않음)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (ranks the layers as the measured leave-one-in KL with Spearman ρ = %2)</source>
        <translation>%1 (측정한 이 층만 양자화 KL과의 층 순위 일치: Spearman ρ = %2)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, step %2: %3, %4</source>
        <translation>%1, 스텝 %2: %3, %4</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>W only + A only</source>
        <translation>W만 + A만</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No weight-only / activation-only / both trio for this config in the run</source>
        <translation>이 실행에는 이 구성의 가중치만 / 활성화만 / 둘 다 3종 구성이 없습니다</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Decomposition: %1 + %2 vs %3</source>
        <translation>분해: %1 + %2 대 %3</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1: both / sum = %2</source>
        <translation>%1: 둘 다 / 합 = %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: not computed at this checkpoint</source>
        <translation>%1: 이 체크포인트에서 계산되지 않음</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>not computed</source>
        <translation>계산되지 않음</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1
block %2 · %3
%4: %5</source>
        <translation>%1
블록 %2 · %3
%4: %5</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%1 layers
%2: %3, mean over %n block(s)</source>
        <translation>
            <numerusform>%1 레이어
%2: %3, 블록 %n개 평균</numerusform>
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
        <translation>클러스터에 제출한 스윕의 작업 (quantscope status)</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Cluster: cannot read the plan</source>
        <translation>클러스터: 계획을 읽을 수 없음</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cluster: %1 of %2 tasks done</source>
        <translation>클러스터: 작업 %2개 중 %1개 완료</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 running</source>
        <translation>%1개 실행 중</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 pending</source>
        <translation>%1개 대기 중</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 failed</source>
        <translation>%1개 실패</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source> · %n entries not merged</source>
        <translation>
            <numerusform> · 병합되지 않은 항목 %n개</numerusform>
        </translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Cluster Tasks</source>
        <translation>클러스터 작업</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Task</source>
        <translation>작업</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>상태</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Entries</source>
        <translation>항목</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Job</source>
        <translation>잡</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Log and last error</source>
        <translation>로그와 마지막 오류</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Refresh</source>
        <translation>새로 고침(&amp;R)</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Shards in %1: %2 tasks; done %3, running %4, pending %5, failed %6, not submitted %7.</source>
        <translation>%1의 샤드: 작업 %2개; 완료 %3, 실행 중 %4, 대기 중 %5, 실패 %6, 미제출 %7.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No queue information (%1).</source>
        <translation>큐 정보 없음 (%1).</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>The views show %n entries of the shards that are not merged yet (quantscope merge).</source>
        <translation>
            <numerusform>보기에 아직 병합되지 않은 샤드 항목 %n개가 표시됩니다 (quantscope merge).</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Submit the unfinished tasks again: quantscope submit --store %1 --resubmit.</source>
        <translation>끝나지 않은 작업을 다시 제출하세요: quantscope submit --store %1 --resubmit.</translation>
    </message>
</context>
<context>
    <name>qs::CoefficientModel</name>
    <message>
        <location filename="../itemmodels/coefficientmodel.cpp" line="+65"/>
        <source>published</source>
        <translation>논문 값</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fit</source>
        <translation>적합</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>user edit</source>
        <translation>사용자 편집</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+45"/>
        <source>unset</source>
        <translation>미설정</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>%1 (name in JSON and on the command line: %2)</source>
        <translation>%1(JSON과 명령줄에서의 이름: %2)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Double-click to edit; clear the cell to unset the coefficient</source>
        <translation>두 번 클릭하여 편집합니다. 셀을 비우면 계수가 미설정으로 돌아갑니다</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not known: fit the law to data, load a fitted law, or type a value</source>
        <translation>알 수 없음: 법칙을 데이터에 적합하거나, 적합된 법칙을 불러오거나, 값을 입력하십시오</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>[%1, %2]</source>
        <translation>[%1, %2]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bootstrap 95 % percentile interval of the fit</source>
        <translation>적합의 부트스트랩 95% 백분위 구간</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Coefficient</source>
        <translation>계수</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Value</source>
        <translation>값</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Source</source>
        <translation>출처 유형</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reference</source>
        <translation>출처</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>95 % CI</source>
        <translation>95% 신뢰구간</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>edited by hand</source>
        <translation>직접 편집함</translation>
    </message>
</context>
<context>
    <name>qs::DocumentationWindow</name>
    <message>
        <location filename="../app/gui/helpwindows.cpp" line="+80"/>
        <source>QuantScope Documentation</source>
        <translation>QuantScope 문서</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>%1 is not part of the documentation shipped with QuantScope; it is in QuantScope&apos;s source tree.</source>
        <translation>%1은(는) QuantScope와 함께 제공되는 문서가 아니며 QuantScope 소스 트리에 있습니다.</translation>
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
        <translation>그림 내보내기</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PDF (vector)</source>
        <translation>PDF(벡터)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SVG (vector)</source>
        <translation>SVG(벡터)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG (raster)</source>
        <translation>PNG(래스터)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV (the data behind the plot)</source>
        <translation>CSV(그래프의 바탕 데이터)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>single column (%1 in wide)</source>
        <translation>단일 단(너비 %1 in)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>double column (%1 in wide)</source>
        <translation>2단(너비 %1 in)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>custom</source>
        <translation>사용자 지정</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>auto (%1 × width)</source>
        <translation>자동(%1 × 너비)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>paper: black on white, the font and lines below</source>
        <translation>논문: 흰 바탕에 검정, 아래의 글꼴과 선 사용</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>screen: as shown</source>
        <translation>화면: 표시된 그대로</translation>
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
        <translation>그래프 아래</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>inside, top right</source>
        <translation>안쪽 오른쪽 위</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>없음</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Output</source>
        <translation>출력</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Format:</source>
        <translation>형식(&amp;F):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Size:</source>
        <translation>크기(&amp;S):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Width:</source>
        <translation>너비(&amp;W):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Height:</source>
        <translation>높이(&amp;H):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Resolution:</source>
        <translation>해상도(&amp;R):</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Style</source>
        <translation>스타일</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S&amp;tyle:</source>
        <translation>스타일(&amp;T):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>F&amp;ont:</source>
        <translation>글꼴(&amp;O):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Font si&amp;ze:</source>
        <translation>글꼴 크기(&amp;Z):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Line width:</source>
        <translation>선 두께(&amp;L):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L&amp;egend:</source>
        <translation>범례(&amp;E):</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Export…</source>
        <translation>내보내기(&amp;E)…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Vector formats keep text as text and scale without loss; CSV saves the numbers the plot shows</source>
        <translation>벡터 형식은 텍스트를 텍스트로 유지하고 손실 없이 확대·축소됩니다. CSV는 그래프에 표시된 수치를 저장합니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Journal column widths; the figure is made at this physical size, so fonts keep their point size when it is placed at 100 %</source>
        <translation>저널 단 너비입니다. 그림이 이 물리적 크기로 만들어지므로 100 %로 배치하면 글꼴이 포인트 크기를 유지합니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leave at &quot;auto&quot; for %1 × the width</source>
        <translation>%1 × 너비로 하려면 &quot;자동&quot;으로 두십시오</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pixels per inch of the PNG (300 for print)</source>
        <translation>PNG의 인치당 픽셀 수(인쇄용 300)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paper: black on white with the font, line width and legend chosen here. Screen: the plot as the page shows it, at the size chosen above</source>
        <translation>논문: 여기서 고른 글꼴, 선 두께, 범례로 흰 바탕에 검정. 화면: 페이지에 보이는 그대로의 그래프, 위에서 고른 크기</translation>
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
        <translation>%1 × %2 in(%3 × %4 mm)</translation>
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
        <translation>%1 저장함</translation>
    </message>
    <message>
        <location line="-25"/>
        <location line="+22"/>
        <location line="+64"/>
        <source>Cannot export figure</source>
        <translation>그림을 내보낼 수 없습니다</translation>
    </message>
    <message>
        <location line="-74"/>
        <source>Open Store</source>
        <translation>저장소 열기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QuantScope stores (*.h5 *.hdf5);;All files (*)</source>
        <translation>QuantScope 저장소 (*.h5 *.hdf5);;모든 파일 (*)</translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+20"/>
        <source>Export %1</source>
        <translation>%1 내보내기</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Saving %1…</source>
        <translation>%1 저장 중…</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Cannot open checkpoints</source>
        <translation>체크포인트를 열 수 없습니다</translation>
    </message>
    <message numerus="yes">
        <location line="+21"/>
        <source>Imported %n revision(s) as run %1; File &gt; Run Sweep quantizes them</source>
        <translation>
            <numerusform>리비전 %n개를 실행 %1(으)로 가져왔습니다. 파일 &gt; 스윕 실행으로 양자화합니다</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Importing run %1…</source>
        <translation>실행 %1 가져오는 중…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Import failed</source>
        <translation>가져오기 실패</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Import cancelled</source>
        <translation>가져오기가 취소되었습니다</translation>
    </message>
</context>
<context>
    <name>qs::FitJob</name>
    <message>
        <location filename="../itemmodels/jobs/fitjob.cpp" line="+21"/>
        <source>Preparing the fit of %1 points</source>
        <translation>점 %1개의 적합 준비 중</translation>
    </message>
</context>
<context>
    <name>qs::HeatmapPage</name>
    <message>
        <location filename="../widgets/pages/heatmappage.cpp" line="+122"/>
        <source>%1 (FP reference)</source>
        <translation>%1(FP 기준)</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>&amp;Metric:</source>
        <translation>지표(&amp;M):</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>by block</source>
        <translation>블록별</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>by module kind</source>
        <translation>모듈 종류별</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rows block by block (q k v o gate up down of block 0, then block 1, …), or kind by kind (every block&apos;s q, then every k, …, FC2 = down last)</source>
        <translation>행을 블록별로(블록 0의 q k v o gate up down, 그다음 블록 1, …) 또는 종류별로(모든 블록의 q, 그다음 모든 k, …, FC2 = down이 마지막) 배열합니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Rows:</source>
        <translation>행(&amp;R):</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Log colours</source>
        <translation>로그 색상(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Map colours on a logarithmic scale, for metrics spanning decades such as the input kurtosis; cells ≤ 0 are then drawn grey</source>
        <translation>입력 첨도처럼 여러 자릿수에 걸친 지표를 위해 색을 로그 척도로 매핑합니다. 이때 ≤ 0인 셀은 회색으로 그립니다</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>checkpoint (training step)</source>
        <translation>체크포인트(학습 스텝)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>layer (block·kind)</source>
        <translation>레이어(블록·종류)</translation>
    </message>
    <message>
        <location line="+187"/>
        <source>block %1 · %2 · checkpoint %3, step %4</source>
        <translation>블록 %1 · %2 · 체크포인트 %3, 스텝 %4</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: not available, the run has no full-precision reference (config &quot;fp&quot;)</source>
        <translation>%1: 사용할 수 없음, 이 실행에는 완전 정밀도 기준(구성 &quot;fp&quot;)이 없습니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: not computed, checkpoint %2 has not been swept with %3 yet</source>
        <translation>%1: 계산되지 않음, 체크포인트 %2은(는) 아직 %3(으)로 스윕되지 않았습니다</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: no value, %2 leaves this layer in full precision or the metric does not apply to it</source>
        <translation>%1: 값 없음, %2은(는) 이 레이어를 완전 정밀도로 두거나 이 지표가 적용되지 않습니다</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(≤ 0: drawn grey on the log colour scale)</source>
        <translation>(≤ 0: 로그 색상 척도에서 회색으로 표시)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(measured on the full-precision model&apos;s inputs)</source>
        <translation>(완전 정밀도 모델의 입력에서 측정)</translation>
    </message>
    <message>
        <location line="+142"/>
        <source>%1, log scale</source>
        <translation>%1, 로그 척도</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>This store holds no runs</source>
        <translation>이 저장소에는 실행이 없습니다</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open</source>
        <translation>열린 저장소가 없습니다</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no per-layer metrics</source>
        <translation>레이어별 지표 없음</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>full-precision model</source>
        <translation>완전 정밀도 모델</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no config</source>
        <translation>구성 없음</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2 per layer, %3</source>
        <translation>%1: 레이어별 %2, %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>config: %1</source>
        <translation>구성: %1</translation>
    </message>
</context>
<context>
    <name>qs::ImportDialog</name>
    <message>
        <location filename="../widgets/dialogs/importdialog.cpp" line="+42"/>
        <source>Import Hugging Face Trajectory</source>
        <translation>Hugging Face 궤적 가져오기</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Browse…</source>
        <translation>찾아보기…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A folder of revision folders (each with config.json and safetensors weights), or one revision</source>
        <translation>리비전 폴더들을 담은 폴더(각각 config.json과 safetensors 가중치 포함) 또는 리비전 하나</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Validation and calibration data: a text file, or token ids (.npy, or raw uint16 .bin)</source>
        <translation>검증 및 보정 데이터: 텍스트 파일 또는 토큰 ID(.npy 또는 헤더 없는 uint16 .bin)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The model&apos;s tokenizer.json; found in the first revision folder when it has one</source>
        <translation>모델의 tokenizer.json. 첫 리비전 폴더에 있으면 자동으로 찾습니다</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>optional, e.g. wsd:peak=3e-4,warmup=2000,total=143000,decay=0.2</source>
        <translation>선택 사항, 예: wsd:peak=3e-4,warmup=2000,total=143000,decay=0.2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Evaluation blocks of the sequence length, when no token budget is given</source>
        <translation>토큰 예산이 없을 때 사용할, 시퀀스 길이의 평가 블록 수</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the sequence length</source>
        <translation>시퀀스 길이</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens between the starts of evaluation blocks; a block after the first scores only the tokens it adds, as Hugging Face&apos;s strided perplexity does</source>
        <translation>평가 블록 시작 사이의 토큰 수. 첫 블록 이후의 블록은 Hugging Face의 stride 퍼플렉서티처럼 새로 더하는 토큰만 채점합니다</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the evaluation blocks above</source>
        <translation>위의 평가 블록</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Evaluation tokens, cut into blocks of the sequence length at the stride</source>
        <translation>평가 토큰. 지정한 stride로 시퀀스 길이의 블록으로 나뉩니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>optional: windows of the data before the evaluation blocks</source>
        <translation>선택: 평가 블록 앞의 데이터에서 뽑은 구간</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Calibration data of its own: a text file (documents separated by empty lines), JSON lines with a &quot;text&quot; field, or token ids; GPTQ takes its first documents</source>
        <translation>별도의 보정 데이터: 텍스트 파일(빈 줄로 문서 구분), &quot;text&quot; 필드가 있는 JSON lines, 또는 토큰 id. GPTQ는 앞쪽 문서를 사용합니다</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All files (*)</source>
        <translation>모든 파일 (*)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Revisions:</source>
        <translation>리비전(&amp;R):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Folder of revisions</source>
        <translation>리비전 폴더</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Data:</source>
        <translation>데이터(&amp;D):</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Evaluation data</source>
        <translation>평가 데이터</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokenizer</source>
        <translation>토크나이저</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>tokenizer.json (*.json)</source>
        <translation>tokenizer.json (*.json)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Tokenizer:</source>
        <translation>토크나이저(&amp;T):</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sequence &amp;length:</source>
        <translation>시퀀스 길이(&amp;L):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Evaluation blocks:</source>
        <translation>평가 블록(&amp;E):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Str&amp;ide:</source>
        <translation>Stride(&amp;I):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Token &amp;budget:</source>
        <translation>토큰 예산(&amp;B):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Calibration:</source>
        <translation>보정(&amp;C):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Calibration data</source>
        <translation>보정 데이터</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR &amp;schedule:</source>
        <translation>LR 스케줄(&amp;S):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>R&amp;un:</source>
        <translation>실행(&amp;U):</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>St&amp;ore:</source>
        <translation>저장소(&amp;O):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Results store</source>
        <translation>결과 저장소</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>QuantScope stores (*.h5)</source>
        <translation>QuantScope 저장소 (*.h5)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Import</source>
        <translation>가져오기(&amp;I)</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Choose the folder of revisions.</source>
        <translation>리비전 폴더를 선택하세요.</translation>
    </message>
    <message numerus="yes">
        <location line="+26"/>
        <source>%n revision(s), steps %1</source>
        <translation>
            <numerusform>리비전 %n개, 스텝 %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Choose the evaluation data: a text file or token ids.</source>
        <translation>평가 데이터를 선택하세요: 텍스트 파일 또는 토큰 ID.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The data file %1 does not exist.</source>
        <translation>데이터 파일 %1이(가) 없습니다.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A text needs the model&apos;s tokenizer.json; %1 does not exist.</source>
        <translation>텍스트에는 모델의 tokenizer.json이 필요합니다. %1이(가) 없습니다.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The calibration file %1 does not exist.</source>
        <translation>보정 파일 %1이(가) 없습니다.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Name the run.</source>
        <translation>실행 이름을 지정하세요.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the store the run goes into.</source>
        <translation>실행을 넣을 저장소를 선택하세요.</translation>
    </message>
</context>
<context>
    <name>qs::ImportJob</name>
    <message>
        <location filename="../itemmodels/jobs/importjob.cpp" line="+27"/>
        <source>Reading the revisions of %1</source>
        <translation>%1의 리비전을 읽는 중</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Imported %n revision(s)</source>
        <translation>
            <numerusform>리비전 %n개를 가져왔습니다</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qs::Job</name>
    <message numerus="yes">
        <location filename="../itemmodels/jobs/job.cpp" line="+52"/>
        <source>about %n s left</source>
        <translation>
            <numerusform>약 %n초 남음</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>about %n min left</source>
        <translation>
            <numerusform>약 %n분 남음</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>about %1 h %2 min left</source>
        <translation>약 %1시간 %2분 남음</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>unknown error</source>
        <translation>알 수 없는 오류</translation>
    </message>
</context>
<context>
    <name>qs::JobControl</name>
    <message>
        <location filename="../app/gui/jobcontrol.cpp" line="+56"/>
        <location line="+38"/>
        <source>Another job is running; cancel it first</source>
        <translation>다른 작업이 실행 중입니다. 먼저 취소하십시오</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>Demo finished: %1</source>
        <translation>데모 완료: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Starting the demo in %1…</source>
        <translation>%1에서 데모 시작 중…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Demo failed</source>
        <translation>데모 실패</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Demo cancelled; the store keeps everything computed so far</source>
        <translation>데모가 취소되었습니다. 저장소에는 지금까지 계산한 모든 결과가 남아 있습니다</translation>
    </message>
    <message numerus="yes">
        <location line="+36"/>
        <source>Sweep of %1 finished: %n entries computed</source>
        <translation>
            <numerusform>%1 스윕 완료: 항목 %n개 계산함</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>, %n already in the store</source>
        <translation>
            <numerusform>, %n개는 이미 저장소에 있음</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Sweeping %n config(s) over run %1…</source>
        <translation>
            <numerusform>실행 %1에 대해 구성 %n개 스윕 중…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sweep failed</source>
        <translation>스윕 실패</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sweep cancelled; the store keeps every entry finished so far</source>
        <translation>스윕이 취소되었습니다. 저장소에는 지금까지 끝난 모든 항목이 남아 있습니다</translation>
    </message>
</context>
<context>
    <name>qs::LabActions</name>
    <message>
        <location filename="../app/gui/labactions.cpp" line="+40"/>
        <source>Run Re&amp;cipe</source>
        <translation>레시피 실행(&amp;C)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Recipes unavailable: %1</source>
        <translation>레시피를 사용할 수 없음: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%1 (about %n min)</source>
        <translation>
            <numerusform>%1 (약 %n분)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Another job is running; cancel it first</source>
        <translation>다른 작업이 실행 중입니다. 먼저 취소하십시오</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>, %n figure(s)</source>
        <translation>
            <numerusform>, 그림 %n개</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, figures failed: %1</source>
        <translation>, 그림 생성 실패: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recipe %1 finished in %2 min: report %3%4</source>
        <translation>레시피 %1 완료(%2분): 보고서 %3%4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Starting recipe %1 in %2…</source>
        <translation>%2에서 레시피 %1 시작 중…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Recipe failed</source>
        <translation>레시피 실패</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recipe cancelled; the store keeps everything finished so far, run it again to resume</source>
        <translation>레시피가 취소되었습니다. 저장소에는 지금까지 완료된 내용이 모두 남아 있으며, 다시 실행하면 이어서 진행합니다</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Branch a Cooldown…</source>
        <translation>쿨다운 분기(&amp;B)…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Branch a Cooldown</source>
        <translation>쿨다운 분기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Linear LR decay to the run&apos;s min LR, from checkpoint step %1 of %2.
Cooldown length (steps):</source>
        <translation>%2의 %1 단계 체크포인트부터 실행의 최소 LR까지 선형으로 LR을 감소시킵니다.
쿨다운 길이(단계):</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Train a cooldown branch from the selected checkpoint (the run must keep its optimizer states); it is drawn with its parent</source>
        <translation>선택한 체크포인트에서 쿨다운 분기를 학습합니다(실행이 옵티마이저 상태를 보관해야 함). 부모 실행과 함께 그려집니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Average Checkpoints (LAWA)…</source>
        <translation>체크포인트 평균(LAWA)(&amp;A)…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Average Checkpoints (LAWA)</source>
        <translation>체크포인트 평균(LAWA)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Uniform average of the last k checkpoints of %1, at every checkpoint.
Window k:</source>
        <translation>각 체크포인트에서 %1의 최근 k개 체크포인트를 균등 평균합니다.
창 k:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Make a run of rolling checkpoint averages (LAWA) of the selected run, to sweep like any other</source>
        <translation>선택한 실행의 이동 체크포인트 평균(LAWA)으로 새 실행을 만듭니다. 다른 실행처럼 스윕할 수 있습니다</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Make a Model Soup…</source>
        <translation>모델 수프 만들기(&amp;M)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Average chosen checkpoints of the selected run, with weights of your choice, into a run of one checkpoint (a model soup), to sweep like any other</source>
        <translation>선택한 실행에서 고른 체크포인트를 원하는 가중치로 평균해 체크포인트 하나짜리 실행(모델 수프)을 만듭니다. 다른 실행처럼 스윕할 수 있습니다</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Training the cooldown %1…</source>
        <translation>쿨다운 %1 학습 중…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Averaging %1 into %2…</source>
        <translation>%1을(를) %2(으)로 평균하는 중…</translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>Averaging %n checkpoint(s) into the soup %1…</source>
        <translation>
            <numerusform>체크포인트 %n개를 수프 %1(으)로 평균하는 중…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model soup failed</source>
        <translation>모델 수프 실패</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Soup cancelled; the store is as it was</source>
        <translation>수프가 취소되었습니다. 저장소는 그대로입니다</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Run %1 is in the store; File &gt; Run Sweep quantizes it</source>
        <translation>실행 %1이(가) 저장소에 있습니다. 파일 &gt; 스윕 실행으로 양자화하세요</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Intervention failed</source>
        <translation>개입 실패</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled; what was finished is in the store, the same action resumes it</source>
        <translation>취소되었습니다. 완료된 부분은 저장소에 있으며, 같은 작업으로 이어서 진행합니다</translation>
    </message>
</context>
<context>
    <name>qs::LayerTableModel</name>
    <message>
        <location filename="../itemmodels/layertablemodel.cpp" line="+65"/>
        <source>Per-layer metric &quot;%1&quot; from the store</source>
        <translation>저장소의 레이어별 지표 &quot;%1&quot;</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Not computed for this checkpoint yet</source>
        <translation>이 체크포인트에 대해 아직 계산되지 않음</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 out × %2 in features, %3 weights</source>
        <translation>출력 %1 × 입력 %2 특징, 가중치 %3개</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>layer</source>
        <translation>레이어</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>block</source>
        <translation>블록</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>kind</source>
        <translation>종류</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shape</source>
        <translation>형태</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Tensor name in the checkpoint</source>
        <translation>체크포인트 안의 텐서 이름</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Transformer block index</source>
        <translation>트랜스포머 블록 인덱스</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Projection: q, k, v, o (attention) or gate, up, down (MLP)</source>
        <translation>프로젝션: q, k, v, o(어텐션) 또는 gate, up, down(MLP)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Out features × in features</source>
        <translation>출력 특징 × 입력 특징</translation>
    </message>
</context>
<context>
    <name>qs::LayerTablePage</name>
    <message>
        <location filename="../widgets/pages/layertablepage.cpp" line="+26"/>
        <source>&amp;Config:</source>
        <translation>구성(&amp;C):</translation>
    </message>
    <message>
        <location line="+93"/>
        <source>This store holds no runs.</source>
        <translation>이 저장소에는 실행이 없습니다.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open.</source>
        <translation>열린 저장소가 없습니다.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Click a checkpoint in the plot to see its layers.</source>
        <translation>그래프에서 체크포인트를 클릭하면 해당 레이어가 표시됩니다.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This run has no checkpoints yet.</source>
        <translation>이 실행에는 아직 체크포인트가 없습니다.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Checkpoint %1: step %2, %3 tokens, LR %4</source>
        <translation>체크포인트 %1: 스텝 %2, 토큰 %3개, LR %4</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> (not quantized with this config yet)</source>
        <translation> (아직 이 구성으로 양자화되지 않음)</translation>
    </message>
</context>
<context>
    <name>qs::MainWindow</name>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="+88"/>
        <source>&amp;Heatmap</source>
        <translation>히트맵(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Breakdown</source>
        <translation>분해(&amp;B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Outliers</source>
        <translation>이상치(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Layers</source>
        <translation>레이어(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;PTQ vs LR decay</source>
        <translation>PTQ 대 LR 감소(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Scaling laws</source>
        <translation>스케일링 법칙(&amp;S)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Runs</source>
        <translation>실행</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Run</source>
        <translation>실행</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run: </source>
        <translation>실행: </translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindowmenus.cpp" line="+34"/>
        <source>&amp;File</source>
        <translation>파일(&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Open…</source>
        <translation>열기(&amp;O)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a QuantScope results store (.h5)</source>
        <translation>QuantScope 결과 저장소(.h5)를 엽니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open &amp;Recent</source>
        <translation>최근 파일 열기(&amp;R)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run &amp;Demo</source>
        <translation>데모 실행(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Train a small byte-level LM with a WSD schedule and quantize every checkpoint</source>
        <translation>WSD 스케줄로 작은 바이트 수준 LM을 학습하고 모든 체크포인트를 양자화합니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run &amp;Sweep…</source>
        <translation>스윕 실행(&amp;S)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Quantize every checkpoint of a run of this store with configs of your choice</source>
        <translation>이 저장소에 있는 실행의 모든 체크포인트를 원하는 구성으로 양자화합니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Import Hugging Face Trajectory…</source>
        <translation>Hugging Face 궤적 가져오기(&amp;I)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Make a run of a folder of Hugging Face revisions, to sweep like a trained run</source>
        <translation>Hugging Face 리비전 폴더로 실행을 만들어 학습된 실행처럼 스윕합니다</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Export Figure…</source>
        <translation>그림 내보내기(&amp;E)…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Quit</source>
        <translation>끝내기(&amp;Q)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Main</source>
        <translation>기본</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;View</source>
        <translation>보기(&amp;V)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Theme</source>
        <translation>테마(&amp;T)</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+20"/>
        <source>&amp;System</source>
        <translation>시스템(&amp;S)</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>&amp;Light</source>
        <translation>밝게(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark</source>
        <translation>어둡게(&amp;D)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Language</source>
        <translation>언어(&amp;L)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Follow the language of the operating system</source>
        <translation>운영 체제의 언어를 따릅니다</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&amp;Help</source>
        <translation>도움말(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QuantScope &amp;Documentation</source>
        <translation>QuantScope 문서(&amp;D)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Read the README and the guides (clusters, recipes, scaling laws, the store&apos;s format)</source>
        <translation>README와 안내서(클러스터, 레시피, 스케일링 법칙, 저장소 형식)를 읽습니다</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>단축키(&amp;K)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;About QuantScope</source>
        <translation>QuantScope 정보(&amp;A)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The new language applies the next time QuantScope starts.</source>
        <translation>새 언어는 다음에 QuantScope를 시작할 때 적용됩니다.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Language</source>
        <translation>언어</translation>
    </message>
    <message>
        <location filename="../app/gui/jobstatusarea.cpp" line="+36"/>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the running job at its next safe point</source>
        <translation>실행 중인 작업을 다음 안전 지점에서 멈춥니다</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindowmenus.cpp" line="+28"/>
        <source>No recent stores</source>
        <translation>최근 저장소 없음</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Clear Menu</source>
        <translation>메뉴 지우기(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="+146"/>
        <source>Loading %1…</source>
        <translation>%1 불러오는 중…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Loaded %1</source>
        <translation>%1 불러옴</translation>
    </message>
    <message>
        <location filename="../itemmodels/storefollower.cpp" line="+133"/>
        <source>Waiting for %1: %2</source>
        <translation>%1 기다리는 중: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="+24"/>
        <source>Cannot open store</source>
        <translation>저장소를 열 수 없습니다</translation>
    </message>
    <message>
        <location filename="../itemmodels/storefollower.cpp" line="+6"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/mainwindow.cpp" line="+57"/>
        <source>Run %1: %2 schedule, %3 checkpoints, trained on %4</source>
        <translation>실행 %1: %2 스케줄, 체크포인트 %3개, 학습 데이터 %4</translation>
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
        <translation>취소하는 중…</translation>
    </message>
</context>
<context>
    <name>qs::MetricNames</name>
    <message>
        <location filename="../itemmodels/metricnames.cpp" line="+24"/>
        <source>CE (nats/byte)</source>
        <translation>CE(nats/바이트)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ΔCE (nats/byte)</source>
        <translation>ΔCE(nats/바이트)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ΔCE</source>
        <translation>ΔCE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>relative CE</source>
        <translation>상대 CE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KL mean (nats)</source>
        <translation>KL 평균(nats)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KL mean</source>
        <translation>KL 평균</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KL p99</source>
        <translation>KL p99</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>same top-1</source>
        <translation>top-1 일치</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weight rel. error</source>
        <translation>가중치 상대 오차</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SQNR (dB)</source>
        <translation>SQNR(dB)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GPTQ loss</source>
        <translation>GPTQ 손실</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPTQ damping</source>
        <translation>GPTQ 감쇠</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>input kurtosis</source>
        <translation>입력 첨도</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>input absmax</source>
        <translation>입력 absmax</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>absmax / median</source>
        <translation>absmax / 중앙값</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>outlier channels (&gt;6)</source>
        <translation>이상치 채널(&gt;6)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leave-one-in ΔCE (nats/byte)</source>
        <translation>이 층만 양자화 ΔCE (nats/byte)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leave-one-in ΔCE</source>
        <translation>이 층만 양자화 ΔCE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ΔCE of the model with only this layer quantized as the config asks: the damage this layer causes on its own</source>
        <translation>설정대로 이 층만 양자화한 모델의 ΔCE: 이 층이 단독으로 일으키는 손상</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leave-one-in KL (nats)</source>
        <translation>이 층만 양자화 KL (nats)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leave-one-in KL</source>
        <translation>이 층만 양자화 KL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean KL(P_fp ‖ P_q) of the model with only this layer quantized as the config asks</source>
        <translation>설정대로 이 층만 양자화한 모델의 평균 KL(P_fp ‖ P_q)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>leave-one-out ΔCE (nats/byte)</source>
        <translation>이 층 제외 양자화 ΔCE (nats/byte)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leave-one-out ΔCE</source>
        <translation>이 층 제외 양자화 ΔCE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ΔCE of the model with every layer but this one quantized: the lower it is below the config&apos;s ΔCE, the more keeping this layer in full precision saves</source>
        <translation>이 층을 뺀 모든 층을 양자화한 모델의 ΔCE: 설정의 ΔCE보다 낮을수록 이 층을 완전 정밀도로 두는 이득이 큽니다</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>leave-one-out KL (nats)</source>
        <translation>이 층 제외 양자화 KL (nats)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leave-one-out KL</source>
        <translation>이 층 제외 양자화 KL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean KL(P_fp ‖ P_q) of the model with every layer but this one quantized</source>
        <translation>이 층을 뺀 모든 층을 양자화한 모델의 평균 KL(P_fp ‖ P_q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fisher estimate (nats/byte)</source>
        <translation>Fisher 추정 (nats/byte)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fisher estimate</source>
        <translation>Fisher 추정</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Second-order estimate of the leave-one-in ΔCE from the calibration data, ½ Σ F ⊙ (Ŵ − W)² with F the diagonal empirical Fisher information; it sees the weight error only</source>
        <translation>보정 데이터로 구한 이 층만 양자화 ΔCE의 2차 추정, ½ Σ F ⊙ (Ŵ − W)², F는 경험적 Fisher 정보의 대각; 가중치 오차만 봅니다</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>Relative weight error ‖Ŵ − W‖ / ‖W‖ (Frobenius norm)</source>
        <translation>가중치 상대 오차 ‖Ŵ − W‖ / ‖W‖(프로베니우스 노름)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Signal-to-quantization-noise ratio of the layer&apos;s output on the calibration inputs, 10·log₁₀(‖Y‖² / ‖Y − Ŷ‖²) in dB; higher is better. Empty where the layer is not quantized</source>
        <translation>보정 입력에 대한 레이어 출력의 신호 대 양자화 잡음비, 10·log₁₀(‖Y‖² / ‖Y − Ŷ‖²), 단위 dB. 높을수록 좋습니다. 양자화되지 않은 레이어는 비어 있습니다</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GPTQ&apos;s per-layer loss Σ (w − q)² / [H⁻¹]ᵢᵢ² / 2 (the reference implementation&apos;s number)</source>
        <translation>GPTQ의 레이어별 손실 Σ (w − q)² / [H⁻¹]ᵢᵢ² / 2(참조 구현이 보고하는 값)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Damping added to the Hessian&apos;s diagonal (raised when the Cholesky factorisation failed)</source>
        <translation>헤세 행렬 대각선에 더한 감쇠(촐레스키 분해가 실패하면 증가)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pearson kurtosis of the layer&apos;s input activations (3 for a Gaussian; large values mean heavy tails that make activation quantization hard). Measured on the full-precision model</source>
        <translation>레이어 입력 활성화의 피어슨 첨도(가우시안은 3, 값이 크면 꼬리가 두꺼워 활성화 양자화가 어렵습니다). 완전 정밀도 모델에서 측정</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Largest |x| of the layer&apos;s input activations, the full-precision model&apos;s</source>
        <translation>레이어 입력 활성화의 최대 |x|(완전 정밀도 모델 기준)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Largest |x| of the layer&apos;s input activations divided by their median |x|: how far the outliers stretch an absmax quantization grid</source>
        <translation>레이어 입력 활성화의 최대 |x|를 |x|의 중앙값으로 나눈 값: 이상치가 absmax 양자화 격자를 얼마나 늘리는지</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Number of input channels whose largest |x| exceeds 6 (the outlier magnitude of LLM.int8())</source>
        <translation>최대 |x|가 6을 넘는 입력 채널 수(LLM.int8()의 이상치 크기)</translation>
    </message>
</context>
<context>
    <name>qs::OutlierPage</name>
    <message>
        <location filename="../widgets/pages/outlierpage.cpp" line="+38"/>
        <source>1 channel above %1</source>
        <translation>%1 초과 채널 1개</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 channels above %2</source>
        <translation>%2 초과 채널 %1개</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>The layer whose input activations are shown</source>
        <translation>입력 활성화를 표시할 레이어</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Layer:</source>
        <translation>레이어(&amp;L):</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FC2 &amp;inputs</source>
        <translation>FC2 입력(&amp;I)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the input of this block&apos;s down_proj (FC2), where the activation outliers concentrate</source>
        <translation>활성화 이상치가 몰려 있는 이 블록의 down_proj(FC2) 입력을 표시합니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>L&amp;og scale</source>
        <translation>로그 척도(&amp;O)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Logarithmic value axes: channel maxima, histogram counts and kurtosis</source>
        <translation>로그 값 축: 채널 최댓값, 히스토그램 개수, 첨도</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hover for values, click a kurtosis point to select its checkpoint</source>
        <translation>마우스를 올리면 값이 보이고, 첨도 점을 클릭하면 해당 체크포인트가 선택됩니다</translation>
    </message>
    <message>
        <location line="+481"/>
        <source>Histogram of the channel maxima</source>
        <translation>채널 최댓값 히스토그램</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Input kurtosis along training</source>
        <translation>학습 과정의 입력 첨도</translation>
    </message>
    <message>
        <location line="-343"/>
        <source>input channel</source>
        <translation>입력 채널</translation>
    </message>
    <message>
        <location line="-28"/>
        <location line="+29"/>
        <source>max |x|</source>
        <translation>최대 |x|</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>channel max |x|</source>
        <translation>채널 최대 |x|</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>channels</source>
        <translation>채널 수</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source>step</source>
        <translation>스텝</translation>
    </message>
    <message>
        <location line="-6"/>
        <location line="+340"/>
        <source>kurtosis (Gaussian: 3)</source>
        <translation>첨도(가우시안: 3)</translation>
    </message>
    <message>
        <location line="-333"/>
        <source>outlier channel</source>
        <translation>이상치 채널</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>outlier threshold %1</source>
        <translation>이상치 임계값 %1</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>%1 (FC2)</source>
        <translation>%1(FC2)</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>down (FC2)</source>
        <translation>down(FC2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>block %1 · %2</source>
        <translation>블록 %1 · %2</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>No store open.</source>
        <translation>열린 저장소가 없습니다.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This store holds no runs.</source>
        <translation>이 저장소에는 실행이 없습니다.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>This store has no activation statistics: run “%1” has no full-precision reference (config “fp”), which is where a sweep records them.</source>
        <translation>이 저장소에는 활성화 통계가 없습니다: 실행 “%1”에 완전 정밀도 기준(구성 “fp”)이 없는데, 스윕은 여기에 통계를 기록합니다.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This store has no activation statistics: the full-precision reference of run “%1” was measured by a QuantScope that did not record them.</source>
        <translation>이 저장소에는 활성화 통계가 없습니다: 실행 “%1”의 완전 정밀도 기준은 통계를 기록하지 않던 QuantScope 버전으로 측정되었습니다.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This store has no per-channel activation profiles: the full-precision reference of run “%1” holds the layer statistics but not the profile “act_channel_absmax”.</source>
        <translation>이 저장소에는 채널별 활성화 프로필이 없습니다: 실행 “%1”의 완전 정밀도 기준에는 레이어 통계는 있지만 프로필 “act_channel_absmax”는 없습니다.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sweep the run again with a current QuantScope: it measures the full-precision reference first, with the statistics and profiles of every layer&apos;s input.</source>
        <translation>최신 QuantScope로 실행을 다시 스윕하십시오. 먼저 완전 정밀도 기준을 측정하면서 모든 레이어 입력의 통계와 프로필을 기록합니다.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot read the activation profile: %1</source>
        <translation>활성화 프로필을 읽을 수 없습니다: %1</translation>
    </message>
    <message>
        <location filename="../widgets/pages/outliertrack.cpp" line="+90"/>
        <source>Reading the profiles of every checkpoint…</source>
        <translation>모든 체크포인트의 프로파일을 읽는 중…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The profiles could not be read: %1</source>
        <translation>프로파일을 읽을 수 없습니다: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The full-precision reference has measured no checkpoint yet</source>
        <translation>전정밀도 기준이 아직 어떤 체크포인트도 측정하지 않았습니다</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No input channel of this layer exceeds %1 at any checkpoint</source>
        <translation>이 레이어의 어떤 입력 채널도 어느 체크포인트에서도 %1을 넘지 않습니다</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Outlier channels across checkpoints</source>
        <translation>체크포인트별 이상치 채널</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Outlier channels across %1 checkpoints: %2 exceed %3 at some checkpoint, %4 stayed from their first appearance to the end, %5 are outliers at the last</source>
        <translation>%1개 체크포인트의 이상치 채널: %2개가 어느 체크포인트에서 %3을 넘었고, %4개는 처음 나타난 뒤 끝까지 유지되었으며, %5개는 마지막 체크포인트에서 이상치입니다</translation>
    </message>
    <message>
        <location filename="../widgets/pages/outlierpage.cpp" line="+96"/>
        <source>Reading the profile…</source>
        <translation>프로필 읽는 중…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The full-precision reference has not measured this checkpoint yet</source>
        <translation>완전 정밀도 기준이 아직 이 체크포인트를 측정하지 않았습니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The profile could not be read (see above)</source>
        <translation>프로필을 읽지 못했습니다(위 참조)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No profile</source>
        <translation>프로필 없음</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Input of %1 at step %2</source>
        <translation>스텝 %2에서 %1의 입력</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1, step %2</source>
        <translation>%1, 스텝 %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 of %2 channels above %3</source>
        <translation>채널 %2개 중 %1개가 %3 초과</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>kurtosis</source>
        <translation>첨도</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>kurtosis %1</source>
        <translation>첨도 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max |x| %1</source>
        <translation>최대 |x| %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max/median %1</source>
        <translation>최대/중앙값 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Per-channel max |x| of the input</source>
        <translation>입력의 채널별 최대 |x|</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per-channel max |x| of the input: %1 of %2 channels above %3</source>
        <translation>입력의 채널별 최대 |x|: 채널 %2개 중 %1개가 %3 초과</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>step %1 (checkpoint %2)</source>
        <translation>스텝 %1(체크포인트 %2)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>channel %1 at step %2: max |x| %3
an outlier from step %4 (checkpoints in a row: %5, in all: %6)</source>
        <translation>채널 %1, %2 단계: 최대 |x| %3
%4 단계부터 이상치 (연속 체크포인트: %5, 전체: %6)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>channel %1: max |x| %2</source>
        <translation>채널 %1: 최대 |x| %2</translation>
    </message>
</context>
<context>
    <name>qs::PtqPage</name>
    <message>
        <location filename="../widgets/pages/ptqpage.cpp" line="+40"/>
        <source>&amp;Metric:</source>
        <translation>지표(&amp;M):</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Checkpoints after warmup; the selected config. Least squares: tokens only, and tokens + LR decay u = 1 − η/η_peak</source>
        <translation>워밍업 이후 체크포인트, 선택한 구성. 최소제곱: 토큰만, 그리고 토큰 + LR 감소 u = 1 − η/η_최대</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>tokens</source>
        <translation>토큰</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>warmup (not fitted)</source>
        <translation>워밍업(적합 제외)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>measured</source>
        <translation>측정값</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>fit: tokens only</source>
        <translation>적합: 토큰만</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fit: tokens + LR decay</source>
        <translation>적합: 토큰 + LR 감소</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Select a quantized config of the run</source>
        <translation>실행의 양자화 구성을 선택하세요</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open</source>
        <translation>열린 저장소 없음</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The FP reference has no quantization error: select a quantized config</source>
        <translation>FP 기준에는 양자화 오차가 없습니다. 양자화 구성을 선택하세요</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1, %2: %3</source>
        <translation>%1, %2: %3</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>%1, %2: PTQ damage along training</source>
        <translation>%1, %2: 학습 과정의 PTQ 손상</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Evaluation noise: no paired test of %1 at steps %2 and %3 (%4).</source>
        <translation>평가 잡음: %2 단계와 %3 단계의 %1에 대한 대응 검정 없음 (%4).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Evaluation noise: %1 at step %2 (after the decay began) − at step %3 (before it) = %4, 95 % interval [%5, %6] over %7 evaluation units, p = %8: %9.</source>
        <translation>평가 잡음: %2 단계(감쇠 시작 후)의 %1 − %3 단계(감쇠 전) = %4, %7개 평가 단위에 대한 95% 구간 [%5, %6], p = %8: %9.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the change exceeds the noise</source>
        <translation>변화가 잡음을 넘습니다</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the change is within the noise</source>
        <translation>변화가 잡음 범위 안에 있습니다</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the error rises with the LR decay beyond what the tokens explain</source>
        <translation>오차가 토큰으로 설명되는 것 이상으로 LR 감소와 함께 증가합니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the error falls during the LR decay</source>
        <translation>LR 감소 중에 오차가 줄어듭니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the LR decay explains nothing the tokens do not (p ≥ 0.01)</source>
        <translation>LR 감소가 토큰으로 설명되지 않는 부분을 설명하지 못합니다(p ≥ 0.01)</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n checkpoint(s) fitted (%1 in the decay, %2 in warmup left out). Tokens only: R² %3, AIC %4. Tokens + LR decay: R² %5, AIC %6; decay term %7 ± %8, F = %9, p = %10: %11.</source>
        <translation>
            <numerusform>체크포인트 %n개 적합(감소 구간 %1개, 워밍업 %2개 제외). 토큰만: R² %3, AIC %4. 토큰 + LR 감소: R² %5, AIC %6; 감소 항 %7 ± %8, F = %9, p = %10: %11.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+87"/>
        <source>step %1 · %2 tokens · LR %3 (u = %4)
%5 = %6</source>
        <translation>스텝 %1 · 토큰 %2 · LR %3 (u = %4)
%5 = %6</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
fit, tokens only: %1 · fit, tokens + LR decay: %2</source>
        <translation>
적합(토큰만): %1 · 적합(토큰 + LR 감소): %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
warmup: not fitted</source>
        <translation>
워밍업: 적합에서 제외</translation>
    </message>
</context>
<context>
    <name>qs::RunBrowserPage</name>
    <message>
        <location filename="../widgets/pages/runbrowserpage.cpp" line="+54"/>
        <source>Filter runs, steps, configs (e.g. &quot;gptq&quot;, &quot;step 600&quot;)</source>
        <translation>실행, 스텝, 구성 필터(예: &quot;gptq&quot;, &quot;스텝 600&quot;)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Filter:</source>
        <translation>필터(&amp;F):</translation>
    </message>
</context>
<context>
    <name>qs::RunTreeModel</name>
    <message>
        <location filename="../itemmodels/runtreemodel.cpp" line="+287"/>
        <source>step %1</source>
        <translation>스텝 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Run %1</source>
        <translation>실행 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR schedule: %1</source>
        <translation>LR 스케줄: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown</source>
        <translation>알 수 없음</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoints: %1, layers: %2, configs: %3</source>
        <translation>체크포인트: %1, 레이어: %2, 구성: %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Corpus: %1</source>
        <translation>코퍼스: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Numbers: the latest checkpoint&apos;s</source>
        <translation>수치: 최신 체크포인트 기준</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This run has no quantization config</source>
        <translation>이 실행에는 양자화 구성이 없습니다</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 at this checkpoint: %2</source>
        <translation>이 체크포인트의 %1: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not computed yet</source>
        <translation>아직 계산되지 않음</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Checkpoint %1: step %2, %3 tokens</source>
        <translation>체크포인트 %1: 스텝 %2, 토큰 %3개</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR %1, FP validation CE %2</source>
        <translation>LR %1, FP 검증 CE %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not measured</source>
        <translation>측정되지 않음</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 of %2 configs computed</source>
        <translation>구성 %2개 중 %1개 계산됨</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File: %1</source>
        <translation>파일: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (%2) at step %3</source>
        <translation>스텝 %3의 %1(%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not computed yet</source>
        <translation>아직 계산되지 않음</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 ± %2 (s.e.)</source>
        <translation>%1 ± %2 (표준오차)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (95 % interval %2 – %3)</source>
        <translation>%1 (95% 구간 %2 – %3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>run / checkpoint / config</source>
        <translation>실행 / 체크포인트 / 구성</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>step</source>
        <translation>스텝</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tokens</source>
        <translation>토큰</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LR</source>
        <translation>LR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FP loss</source>
        <translation>FP 손실</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rel. CE</source>
        <translation>상대 CE</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Runs, their checkpoints, and the quantization configs computed at each</source>
        <translation>실행, 그 체크포인트, 그리고 각 체크포인트에서 계산한 양자화 구성</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Optimizer steps (on a run: its latest checkpoint&apos;s)</source>
        <translation>옵티마이저 스텝(실행 행: 최신 체크포인트 기준)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Training tokens seen (on a run: its latest checkpoint&apos;s)</source>
        <translation>학습에서 본 토큰 수(실행 행: 최신 체크포인트 기준)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Learning rate of the update that produced the checkpoint</source>
        <translation>체크포인트를 만든 업데이트의 학습률</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Validation cross-entropy of the full-precision checkpoint, nats per byte</source>
        <translation>완전 정밀도 체크포인트의 검증 교차 엔트로피, 바이트당 nats</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CE(quantized) / CE(full precision) − 1 on the validation bytes; on a checkpoint row, the selected config&apos;s value</source>
        <translation>검증 바이트에서의 CE(양자화) / CE(완전 정밀도) − 1. 체크포인트 행에서는 선택한 구성의 값</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mean KL divergence of the quantized next-byte distribution from the full-precision one, nats; on a checkpoint row, the selected config&apos;s value</source>
        <translation>완전 정밀도 분포에 대한 양자화된 다음 바이트 분포의 평균 KL 발산, nats. 체크포인트 행에서는 선택한 구성의 값</translation>
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
        <translation>아직 측정점이 없습니다. 실행 결과 CSV를 여십시오(데이터 열기…). 열은 N, D, G, bits, D_fp, D_qat, loss, delta, fp_loss, heldout, label입니다(docs/scaling.md).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Measured points carry the loss and δ: choose one of them as the quantity.</source>
        <translation>측정점에는 손실과 δ가 있습니다. 둘 중 하나를 물리량으로 고르십시오.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The measured points cannot be shown with the %1 law: %2</source>
        <translation>측정점을 %1 법칙과 함께 표시할 수 없습니다: %2</translation>
    </message>
    <message numerus="yes">
        <location line="+30"/>
        <source>None of the %n measured point(s) has both %1 and %2%3.</source>
        <translation>
            <numerusform>측정점 %n개 중 %1과(와) %2%3을(를) 모두 가진 점이 없습니다.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source> &gt; 0 (log y)</source>
        <translation> &gt; 0(로그 y)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+282"/>
        <location filename="../widgets/pages/scaling/scalingmeasuredview.cpp" line="+25"/>
        <source>measured</source>
        <translation>측정값</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingmeasuredview.cpp" line="+37"/>
        <source>%1, held out</source>
        <translation>%1, 검증용 제외</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>law, %1</source>
        <translation>법칙, %1</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%n point(s) without %1 or %2 left out.</source>
        <translation>
            <numerusform>%1 또는 %2가 없는 점 %n개를 제외했습니다.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Law curves for the first %1 groups only.</source>
        <translation>법칙 곡선은 처음 %1개 그룹에만 그립니다.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>measured %1</source>
        <translation>측정된 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>residual (%)</source>
        <translation>잔차(%)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontourview.cpp" line="+195"/>
        <source>N = %1, D = %2 (%3 tokens per parameter)
%4 = %5</source>
        <translation>N = %1, D = %2(파라미터당 토큰 %3개)
%4 = %5</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingmeasuredview.cpp" line="+44"/>
        <source>line %1 of %2</source>
        <translation>%2의 %1번째 줄</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>measured %1 = %2</source>
        <translation>측정된 %1 = %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>law: %1 (residual %2 %)</source>
        <translation>법칙: %1(잔차 %2%)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>held out of the fit</source>
        <translation>적합에서 제외됨</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingview.cpp" line="+105"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="-167"/>
        <source>Law</source>
        <translation>법칙</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Chinchilla: L(N, D)</source>
        <translation>Chinchilla: L(N, D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>W4A4 QAT law: δ(N, D, G) (Chen et al.)</source>
        <translation>W4A4 QAT 법칙: δ(N, D, G)(Chen 외)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compute-optimal QAT: f*, δ(N, D_fp, D_qat, B) (Dremov et al.)</source>
        <translation>연산 최적 QAT: f*, δ(N, D_fp, D_qat, B)(Dremov 외)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>w4a16 (weight-only)</source>
        <translation>w4a16(가중치만)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>w16a4 (activation-only)</source>
        <translation>w16a4(활성화만)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>w16a4-fc2a8 (FC2 input at 8 bits)</source>
        <translation>w16a4-fc2a8(FC2 입력은 8비트)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>w4a4 (weights and activations)</source>
        <translation>w4a4(가중치와 활성화)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hoffmann et al. 2022</source>
        <translation>Hoffmann 외 2022</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Besiroglu et al. 2024</source>
        <translation>Besiroglu 외 2024</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (unset, to be fitted)</source>
        <translation>없음(미설정, 적합 예정)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>as loaded or fitted</source>
        <translation>불러오거나 적합한 값 그대로</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Published coefficients of L(N, D) = E + A/N^α + B/D^β</source>
        <translation>L(N, D) = E + A/N^α + B/D^β의 논문 계수</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Load law…</source>
        <translation>법칙 불러오기(&amp;L)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a law saved as JSON (quantscope fit writes them)</source>
        <translation>JSON으로 저장된 법칙을 엽니다(quantscope fit이 씁니다)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sa&amp;ve law…</source>
        <translation>법칙 저장(&amp;V)…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>La&amp;w:</source>
        <translation>법칙(&amp;W):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>V&amp;ariant:</source>
        <translation>변형(&amp;A):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Chinchilla part:</source>
        <translation>Chinchilla 부분(&amp;C):</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Inputs</source>
        <translation>입력</translation>
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
        <translation>파라미터 수(원시 개수, 7e9 또는 7B)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Training tokens (raw count; 2e12 or 2T)</source>
        <translation>학습 토큰 수(원시 개수, 2e12 또는 2T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantization group size in input channels (per-channel: the layer&apos;s input dimension)</source>
        <translation>입력 채널 단위의 양자화 그룹 크기(채널별: 레이어의 입력 차원)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weight bit width</source>
        <translation>가중치 비트 폭</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>QAT fraction f = D_qat / D of the training tokens</source>
        <translation>학습 토큰 중 QAT 비율 f = D_qat / D</translation>
    </message>
    <message>
        <location line="-95"/>
        <source>Open &amp;data…</source>
        <translation>데이터 열기(&amp;D)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measured points as CSV: columns N, D, G, bits, D_fp, D_qat, loss, delta, fp_loss, heldout, label (docs/scaling.md)</source>
        <translation>CSV 형식의 측정점: 열 N, D, G, bits, D_fp, D_qat, loss, delta, fp_loss, heldout, label(docs/scaling.md)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Fit to data…</source>
        <translation>데이터에 적합(&amp;F)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fit the law&apos;s unset and fitted coefficients to the measured points (Huber loss on log residuals, L-BFGS from a grid of starts, bootstrap CIs)</source>
        <translation>법칙의 미설정 계수와 적합된 계수를 측정점에 적합합니다(로그 잔차에 대한 Huber 손실, 시작점 격자에서의 L-BFGS, 부트스트랩 신뢰구간)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+208"/>
        <source>no measured points</source>
        <translation>측정점 없음</translation>
    </message>
    <message>
        <location line="-196"/>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Coefficients (double-click a value to edit):</source>
        <translation>계수(값을 두 번 클릭하여 편집):</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+41"/>
        <source>Curves</source>
        <translation>곡선</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Contour map N × D</source>
        <translation>N × D 등고선도</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QAT fraction f* vs S</source>
        <translation>QAT 비율 f* 대 S</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Measured points and residuals</source>
        <translation>측정점과 잔차</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vie&amp;w:</source>
        <translation>보기(&amp;W):</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quantity:</source>
        <translation>물리량(&amp;Q):</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;x:</source>
        <translation>x(&amp;X):</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Series:</source>
        <translation>계열(&amp;S):</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Log &amp;y</source>
        <translation>로그 y(&amp;Y)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+84"/>
        <source>Load Law</source>
        <translation>법칙 불러오기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scaling laws (*.json);;All files (*)</source>
        <translation>스케일링 법칙 (*.json);;모든 파일 (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save Law</source>
        <translation>법칙 저장</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scaling laws (*.json)</source>
        <translation>스케일링 법칙 (*.json)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved %1</source>
        <translation>%1 저장함</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open Measured Points</source>
        <translation>측정점 열기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 파일 (*.csv);;모든 파일 (*)</translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+169"/>
        <source>Cannot open %1: %2</source>
        <translation>%1을(를) 열 수 없습니다: %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot load the law from %1: %2</source>
        <translation>%1에서 법칙을 불러올 수 없습니다: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loaded the %1 law from %2</source>
        <translation>%2에서 %1 법칙을 불러왔습니다</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot write %1: %2</source>
        <translation>%1에 쓸 수 없습니다: %2</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+60"/>
        <source>Not an input of this law</source>
        <translation>이 법칙의 입력이 아닙니다</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+41"/>
        <source>loss L</source>
        <translation>손실 L</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>δ from quantization</source>
        <translation>양자화로 인한 δ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>N_eff / N</source>
        <translation>N_eff / N</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>f* (optimal)</source>
        <translation>f*(최적)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>f̂ (direct fit)</source>
        <translation>f̂(직접 적합)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="-47"/>
        <source>effective parameter fraction N_eff/N</source>
        <translation>유효 파라미터 비율 N_eff/N</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>effective parameters N_eff</source>
        <translation>유효 파라미터 N_eff</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>optimal QAT fraction f*</source>
        <translation>최적 QAT 비율 f*</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>direct fit f̂ = exp(−a/ln S)</source>
        <translation>직접 적합 f̂ = exp(−a/ln S)</translation>
    </message>
    <message>
        <location line="+11"/>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+19"/>
        <source>N (parameters)</source>
        <translation>N(파라미터)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="+2"/>
        <source>D (tokens)</source>
        <translation>D(토큰)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>G (group size)</source>
        <translation>G(그룹 크기)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>B (bits)</source>
        <translation>B(비트)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>f (QAT fraction)</source>
        <translation>f(QAT 비율)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>none</source>
        <translation>없음</translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+19"/>
        <source>%1: %n point(s)</source>
        <translation>
            <numerusform>%1: 점 %n개</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+189"/>
        <source>Cannot read %1: %2</source>
        <translation>%1을(를) 읽을 수 없습니다: %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The measured points cannot be used with this law: %1</source>
        <translation>측정점을 이 법칙에 사용할 수 없습니다: %1</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+29"/>
        <source>Fit to Data</source>
        <translation>데이터에 적합</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>automatic (δ for the QAT laws when the data have it, else the loss)</source>
        <translation>자동(데이터에 δ가 있으면 QAT 법칙에 δ, 아니면 손실)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="-46"/>
        <source>loss</source>
        <translation>손실</translation>
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
        <translation>논문 계수와 직접 편집한 계수도 다시 적합</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>By default only unset and previously fitted coefficients are free</source>
        <translation>기본적으로 미설정 계수와 이전에 적합한 계수만 자유 변수입니다</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Bootstrap resamples for the 95 % intervals (0: no intervals)</source>
        <translation>95% 구간을 위한 부트스트랩 재표본 수(0: 구간 없음)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fit on:</source>
        <translation>적합 대상:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bootstrap resamples:</source>
        <translation>부트스트랩 재표본 수:</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot fit: %1</source>
        <translation>적합할 수 없습니다: %1</translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+29"/>
        <source>Open measured points first (Open data…): the fit needs them.</source>
        <translation>먼저 측정점을 여십시오(데이터 열기…). 적합에 필요합니다.</translation>
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
        <translation>적합에 실패했습니다. 계수는 바뀌지 않았습니다. %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Fit cancelled; the coefficients are unchanged.</source>
        <translation>적합이 취소되었습니다. 계수는 바뀌지 않았습니다.</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Fitting the %1 law to %n point(s)…</source>
        <translation>
            <numerusform>%1 법칙을 점 %n개에 적합하는 중…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontrols.cpp" line="+81"/>
        <source>starting (%p%)</source>
        <translation>시작 중(%p%)</translation>
    </message>
    <message>
        <location filename="../itemmodels/scalingstate.cpp" line="+31"/>
        <source>The fit finished after the law was replaced; its result was dropped.</source>
        <translation>법칙이 바뀐 뒤에 적합이 끝나 그 결과를 버렸습니다.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Fitted %1 coefficient(s) to %2 point(s): mean relative error %3 %</source>
        <translation>계수 %1개를 점 %2개에 적합함: 평균 상대 오차 %3%</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>, held out (%1 points) %2 %</source>
        <translation>, 검증용 제외 점(%1개) %2%</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="-2"/>
        <location filename="../widgets/pages/scaling/scalingviewbar.cpp" line="-47"/>
        <source>FP loss</source>
        <translation>FP 손실</translation>
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
        <translation>손실 L(nats)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FP loss E + A/N^α + B/D^β (nats)</source>
        <translation>FP 손실 E + A/N^α + B/D^β(nats)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>δ, loss increase from quantization (nats)</source>
        <translation>δ, 양자화로 인한 손실 증가(nats)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>S, tokens per parameter byte</source>
        <translation>S, 파라미터 바이트당 토큰</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>D (training tokens)</source>
        <translation>D(학습 토큰)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>G (group size, input channels)</source>
        <translation>G(그룹 크기, 입력 채널)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>B (weight bits)</source>
        <translation>B(가중치 비트)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>f (QAT fraction of the tokens)</source>
        <translation>f(토큰 중 QAT 비율)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingview.cpp" line="-64"/>
        <source>%1 cannot be drawn: the %2 law&apos;s coefficients %3 are unset. Fit the law to measured points (Fit to data…), load a fitted law (Load law…), or type values into the coefficient table.</source>
        <translation>%1을(를) 그릴 수 없습니다: %2 법칙의 계수 %3이(가) 미설정입니다. 법칙을 측정점에 적합하거나(데이터에 적합…), 적합된 법칙을 불러오거나(법칙 불러오기…), 계수 표에 값을 입력하십시오.</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingtexts.cpp" line="+26"/>
        <source>%1: unset coefficients</source>
        <translation>%1: 미설정 계수</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>At these inputs:
%1</source>
        <translation>이 입력에서:
%1</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcurvesview.cpp" line="+87"/>
        <location line="+49"/>
        <source>at the inputs</source>
        <translation>입력 지점</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontourview.cpp" line="-98"/>
        <location filename="../widgets/pages/scaling/scalingcurvesview.cpp" line="-30"/>
        <source>%1 cannot be drawn here: %2</source>
        <translation>여기서는 %1을(를) 그릴 수 없습니다: %2</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcurvesview.cpp" line="+15"/>
        <source>%1 is undefined over this range of %2.</source>
        <translation>%1은(는) %2의 이 범위에서 정의되지 않습니다.</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontourview.cpp" line="+14"/>
        <source>%1, log scale</source>
        <translation>%1, 로그 척도</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>the inputs (N, D)</source>
        <translation>입력(N, D)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingfractionview.cpp" line="+58"/>
        <source>The optimal QAT fraction f* and its direct fit f̂ belong to the compute-optimal QAT law (Dremov et al. 2025): choose it under Law.</source>
        <translation>최적 QAT 비율 f*와 그 직접 적합 f̂는 연산 최적 QAT 법칙(Dremov 외 2025)에 속합니다. 법칙에서 이를 고르십시오.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>direct fit f̂ = exp(−%1 / ln S)</source>
        <translation>직접 적합 f̂ = exp(−%1 / ln S)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>law&apos;s optimum f* (N = %1, B = %2)</source>
        <translation>법칙의 최적값 f*(N = %1, B = %2)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>f* needs the QAT law&apos;s δ coefficients, which are unset: fit them to measured points or type them into the table. f̂ is drawn alone.</source>
        <translation>f*에는 QAT 법칙의 δ 계수가 필요한데 미설정입니다. 측정점에 적합하거나 표에 입력하십시오. f̂만 그립니다.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the inputs: S = %1</source>
        <translation>입력: S = %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>S = D / (N·B/8), tokens per parameter byte</source>
        <translation>S = D / (N·B/8), 파라미터 바이트당 토큰</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QAT fraction f = D_qat / D</source>
        <translation>QAT 비율 f = D_qat / D</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingview.cpp" line="+12"/>
        <source>Chinchilla law</source>
        <translation>Chinchilla 법칙</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>W4A4 QAT law, %1</source>
        <translation>W4A4 QAT 법칙, %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>compute-optimal QAT law</source>
        <translation>연산 최적 QAT 법칙</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcurvesview.cpp" line="+44"/>
        <source>%1: %2 against %3</source>
        <translation>%1: %2 대 %3</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingcontourview.cpp" line="+46"/>
        <source>%1: %2 over N × D</source>
        <translation>%1: N × D에 대한 %2</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingfractionview.cpp" line="+20"/>
        <source>%1: optimal QAT fraction against S</source>
        <translation>%1: 최적 QAT 비율 대 S</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingmeasuredview.cpp" line="+6"/>
        <source>%1: measured %2 against %3 (%4)</source>
        <translation>%1: 측정된 %2 대 %3(%4)</translation>
    </message>
    <message>
        <location filename="../widgets/pages/scaling/scalingview.cpp" line="+11"/>
        <source>%1 at %2</source>
        <translation>%2에서 %1</translation>
    </message>
</context>
<context>
    <name>qs::ShortcutsDialog</name>
    <message>
        <location filename="../app/gui/helpwindows.cpp" line="-156"/>
        <source>Keyboard Shortcuts</source>
        <translation>단축키</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Show the %1 view</source>
        <translation>%1 보기 표시</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Left, Right</source>
        <translation>왼쪽, 오른쪽</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: the previous or next checkpoint</source>
        <translation>그래프에서: 이전 또는 다음 체크포인트</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Up, Down</source>
        <translation>위, 아래</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: the previous or next layer</source>
        <translation>그래프에서: 이전 또는 다음 레이어</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mouse wheel</source>
        <translation>마우스 휠</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: zoom the x axis</source>
        <translation>그래프에서: x축 확대/축소</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drag</source>
        <translation>끌기</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: move along the x axis</source>
        <translation>그래프에서: x축을 따라 이동</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click</source>
        <translation>두 번 클릭</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a plot: show everything again</source>
        <translation>그래프에서: 전체를 다시 표시</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Keys</source>
        <translation>키</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Action</source>
        <translation>동작</translation>
    </message>
</context>
<context>
    <name>qs::SoupDialog</name>
    <message>
        <location filename="../widgets/dialogs/soupdialog.cpp" line="+71"/>
        <source>Make a Model Soup</source>
        <translation>모델 수프 만들기</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check the checkpoints of %1 to average and give each a weight. The soup is their weighted average, a run of one checkpoint that sweeps like any other.</source>
        <translation>평균할 %1의 체크포인트를 선택하고 각각 가중치를 지정하세요. 수프는 이들의 가중 평균이며, 다른 실행처럼 스윕할 수 있는 체크포인트 하나짜리 실행입니다.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Step</source>
        <translation>스텝</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tokens</source>
        <translation>토큰</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>LR</source>
        <translation>LR</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Weight</source>
        <translation>가중치</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 tokens</source>
        <translation>토큰 %1개</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>Step %1 is shared by %n checkpoint(s) of this run; a soup names its ingredients by step, so it cannot take them</source>
        <translation>
            <numerusform>이 실행의 체크포인트 %n개가 스텝 %1을(를) 공유합니다. 수프는 재료를 스텝으로 지정하므로 이들을 사용할 수 없습니다</numerusform>
        </translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The new run: letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos;</source>
        <translation>새 실행: 문자, 숫자, &apos;-&apos;, &apos;_&apos;, &apos;.&apos;</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The averaged revision folder is written inside this folder, named after the latest ingredient&apos;s revision</source>
        <translation>평균한 리비전 폴더는 이 폴더 안에 가장 최근 재료의 리비전 이름으로 기록됩니다</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Browse…</source>
        <translation>찾아보기…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Name:</source>
        <translation>이름(&amp;N):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Output folder:</source>
        <translation>출력 폴더(&amp;O):</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Make Soup</source>
        <translation>수프 만들기(&amp;M)</translation>
    </message>
    <message>
        <location line="+121"/>
        <source>Folder for the averaged revision</source>
        <translation>평균한 리비전을 둘 폴더</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The weight of step %1 must be a number above 0.</source>
        <translation>스텝 %1의 가중치는 0보다 큰 수여야 합니다.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Check at least two checkpoints: a soup averages two or more.</source>
        <translation>체크포인트를 두 개 이상 선택하세요. 수프는 둘 이상을 평균합니다.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Name the soup&apos;s run.</source>
        <translation>수프 실행의 이름을 지정하세요.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The store already holds a run named %1; choose another name.</source>
        <translation>저장소에 이미 %1(이)라는 실행이 있습니다. 다른 이름을 선택하세요.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the folder the averaged revision goes into.</source>
        <translation>평균한 리비전을 넣을 폴더를 선택하세요.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>step %1 (%2 %)</source>
        <translation>스텝 %1 (%2 %)</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Averages %n checkpoint(s): %1.</source>
        <translation>
            <numerusform>체크포인트 %n개를 평균합니다: %1.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Writes the revision folder %1.</source>
        <translation>리비전 폴더 %1을(를) 기록합니다.</translation>
    </message>
</context>
<context>
    <name>qs::SweepDialog</name>
    <message>
        <location filename="../widgets/dialogs/sweepdialog.cpp" line="+40"/>
        <source>%1: %2 (the full-precision reference; every sweep computes it)</source>
        <translation>%1: %2(완전 정밀도 기준, 모든 스윕에서 계산됨)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 (same config as line %3, run once)</source>
        <translation>%1: %2(%3번째 줄과 같은 구성, 한 번만 실행)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>quantization spec &apos;%1&apos;: %2</source>
        <translation>양자화 사양 &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: does not parse</source>
        <translation>%1: 해석할 수 없음</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Line %1: %2</source>
        <translation>%1번째 줄: %2</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>(and %n more line(s) that do not parse)</source>
        <translation>
            <numerusform>(해석할 수 없는 줄 %n개 더 있음)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Enter at least one quantization config, one spec per line, e.g. rtn:4:g128:sym</source>
        <translation>양자화 구성을 하나 이상 입력하십시오. 한 줄에 사양 하나, 예: rtn:4:g128:sym</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Run Sweep</source>
        <translation>스윕 실행</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The trained run whose checkpoints are quantized</source>
        <translation>체크포인트를 양자화할 학습된 실행</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>method[:bits][:options]. Methods: none, rtn, gptq, awq (asymmetric, clip for AutoAWQ&apos;s clipping), hqq (2, 3, 4, 8 bits), nf4 and fp4 (bitsandbytes), int8 (LLM.int8), mxfp4, mxfp8, nvfp4, fp8 (e4m3 | e5m2, pc | pt). Options in any order: pc | g&lt;N&gt; (weight groups), sym | asym, act | noact (GPTQ act-order), cal&lt;N&gt;x&lt;T&gt; (GPTQ and AWQ calibration: N sequences of T tokens), dq | nodq (NF4/FP4 double quantization), a&lt;B&gt; | a&lt;B&gt;g&lt;N&gt; (integer activations), a4mx | a8mx | a4nv | a8fp | a8lt (MXFP4, MXFP8, NVFP4, FP8, LLM.int8 activations), &lt;kind&gt;=w&lt;B&gt;a&lt;B&gt; (mixed precision, kinds q, k, v, o, gate, up, down; down=a8mx for a format), rot | rot&lt;S&gt; | rotd (the model rotated first, as QuaRot: Hadamard rotations with random signs from seed 0 or S, or the plain ones; not with awq). &quot;none:a4&quot; quantizes activations only.</source>
        <translation>method[:bits][:options]. 방법: none, rtn, gptq, awq(비대칭, clip은 AutoAWQ의 클리핑), hqq(2, 3, 4, 8비트), nf4와 fp4(bitsandbytes), int8(LLM.int8), mxfp4, mxfp8, nvfp4, fp8(e4m3 | e5m2, pc | pt). 옵션 순서는 자유: pc | g&lt;N&gt;(가중치 그룹), sym | asym, act | noact(GPTQ act-order), cal&lt;N&gt;x&lt;T&gt;(GPTQ와 AWQ 보정: T개 토큰의 시퀀스 N개), dq | nodq(NF4/FP4 이중 양자화), a&lt;B&gt; | a&lt;B&gt;g&lt;N&gt;(정수 활성화), a4mx | a8mx | a4nv | a8fp | a8lt(MXFP4, MXFP8, NVFP4, FP8, LLM.int8 활성화), &lt;kind&gt;=w&lt;B&gt;a&lt;B&gt;(혼합 정밀도, 종류 q, k, v, o, gate, up, down; 형식은 down=a8mx), rot | rot&lt;S&gt; | rotd (QuaRot처럼 모델을 먼저 회전: 시드 0 또는 S의 무작위 부호를 가진 Hadamard 회전, 또는 기본 회전; awq와는 함께 쓸 수 없음). &quot;none:a4&quot;는 활성화만 양자화합니다.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>One config per line, e.g. rtn:4:g128:sym, gptq:3:g128:sym:act, rtn:4:g128:sym:a4:down=a8, awq:4, none:a4, nf4, hqq:4, mxfp4:a4mx:down=a8mx or fp8:a8fp. The full-precision reference is always computed; configs already in the store are skipped.</source>
        <translation>한 줄에 설정 하나, 예: rtn:4:g128:sym, gptq:3:g128:sym:act, rtn:4:g128:sym:a4:down=a8, awq:4, none:a4, nf4, hqq:4, mxfp4:a4mx:down=a8mx 또는 fp8:a8fp. 전체 정밀도 기준은 항상 계산되며, 저장소에 이미 있는 설정은 건너뜁니다.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 (activations only)</source>
        <translation>%1 (활성화만)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (as %2)</source>
        <translation>%1 (%2와 같이)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (rotated W4A4, as QuaRot)</source>
        <translation>%1 (회전된 W4A4, QuaRot 방식)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each quantizer with the settings of the library whose numbers it reproduces</source>
        <translation>각 양자화기는 그 수치를 재현하는 라이브러리의 설정을 사용합니다</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add</source>
        <translation>추가(&amp;A)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Run Sweep</source>
        <translation>스윕 실행(&amp;R)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>R&amp;un:</source>
        <translation>실행(&amp;U):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Configs:</source>
        <translation>구성(&amp;C):</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Method:</source>
        <translation>방법(&amp;M):</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Will run:</source>
        <translation>실행할 항목:</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>The store holds no run to sweep.</source>
        <translation>저장소에 스윕할 실행이 없습니다.</translation>
    </message>
</context>
<context>
    <name>qs::SweepJob</name>
    <message>
        <location filename="../itemmodels/jobs/sweepjob.cpp" line="+29"/>
        <source>Opening %1</source>
        <translation>%1 여는 중</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Reading the corpus of run %1</source>
        <translation>실행 %1의 코퍼스 읽는 중</translation>
    </message>
</context>
<context>
    <name>qs::TrajectoryAxes</name>
    <message>
        <location filename="../widgets/pages/trajectory/trajectoryaxes.cpp" line="+30"/>
        <source>same top-1 (%)</source>
        <translation>top-1 일치(%)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+135"/>
        <source>mean layer SQNR (dB)</source>
        <translation>레이어 평균 SQNR(dB)</translation>
    </message>
    <message>
        <location line="-134"/>
        <source>What the left axis shows for every quantization config: the change of the validation CE, the KL divergence of the quantized next-byte distribution from the full-precision one, the share of bytes whose most likely prediction stays the same, or the layers&apos; output SQNR</source>
        <translation>왼쪽 축이 양자화 구성마다 보여 주는 값: 검증 CE의 변화, 완전 정밀도 분포에 대한 양자화된 다음 바이트 분포의 KL 발산, 가장 가능성 높은 예측이 그대로인 바이트의 비율, 또는 레이어 출력 SQNR</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Metric:</source>
        <translation>지표(&amp;M):</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+235"/>
        <source>step</source>
        <translation>스텝</translation>
    </message>
    <message>
        <location line="-234"/>
        <location line="+234"/>
        <source>tokens</source>
        <translation>토큰</translation>
    </message>
    <message>
        <location line="-233"/>
        <source>checkpoint order</source>
        <translation>체크포인트 순서</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;X axis:</source>
        <translation>X축(&amp;X):</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;FP val loss</source>
        <translation>FP 검증 손실(&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Also show the validation loss of the full-precision model</source>
        <translation>완전 정밀도 모델의 검증 손실도 표시합니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Log x</source>
        <translation>로그 x(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Logarithmic x axis (checkpoint 0 is not drawn)</source>
        <translation>로그 x축(체크포인트 0은 그리지 않음)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>learning rate</source>
        <translation>학습률</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>FP validation loss (nats)</source>
        <translation>FP 검증 손실(nats)</translation>
    </message>
    <message>
        <location line="+98"/>
        <source>ΔCE = CE(Ŵ) − CE(W) (nats)</source>
        <translation>ΔCE = CE(Ŵ) − CE(W)(nats)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KL mean, KL(FP ‖ quantized) (nats per token)</source>
        <translation>KL 평균, KL(FP ‖ 양자화)(토큰당 nats)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KL p99, KL(FP ‖ quantized) (nats per token)</source>
        <translation>KL p99, KL(FP ‖ 양자화)(토큰당 nats)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>same top-1 as FP (% of tokens)</source>
        <translation>FP와 같은 top-1(토큰의 %)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>relative CE (CE(Ŵ)/CE(W) − 1)</source>
        <translation>상대 CE(CE(Ŵ)/CE(W) − 1)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>mean SQNR</source>
        <translation>평균 SQNR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rel. CE</source>
        <translation>상대 CE</translation>
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
        <translation>체크포인트 (학습 순서)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tokens (summed over the stages)</source>
        <translation>토큰 (단계 합산)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>step (summed over the stages)</source>
        <translation>스텝 (단계 합산)</translation>
    </message>
</context>
<context>
    <name>qs::TrajectoryPage</name>
    <message>
        <location filename="../widgets/pages/trajectory/trajectorypage.cpp" line="+33"/>
        <source>Hover for values, click a checkpoint to inspect its layers, wheel to zoom, double-click to reset</source>
        <translation>마우스를 올리면 값 표시, 체크포인트를 클릭하면 레이어 확인, 휠로 확대/축소, 두 번 클릭하면 초기화</translation>
    </message>
    <message>
        <location line="+360"/>
        <source>run %1</source>
        <translation>실행 %1</translation>
    </message>
    <message>
        <location line="-208"/>
        <source>This store holds no runs</source>
        <translation>이 저장소에는 실행이 없습니다</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No store open</source>
        <translation>열린 저장소가 없습니다</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: quantization damage along training</source>
        <translation>%1: 학습 과정의 양자화 손상</translation>
    </message>
    <message>
        <location line="+200"/>
        <source>checkpoint %1: step %2, %3 tokens</source>
        <translation>체크포인트 %1: 스텝 %2, 토큰 %3개</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>not measured</source>
        <translation>측정되지 않음</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR %1, FP val CE %2</source>
        <translation>LR %1, FP 검증 CE %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>not in the store</source>
        <translation>저장소에 없음</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not computed yet</source>
        <translation>아직 계산되지 않음</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 ± %2 (s.e.)</source>
        <translation>%1 ± %2 (표준오차)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (95 % interval %2 – %3)</source>
        <translation>%1 (95% 구간 %2 – %3)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2 %3</source>
        <translation>%1: %2 %3</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>%1, at %2 steps and %3 tokens in all</source>
        <translation>%1, 누적 %2 스텝, 토큰 %3개</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no stage</source>
        <translation>단계 없음</translation>
    </message>
</context>
<context>
    <name>qs::TrajectoryRuns</name>
    <message>
        <location filename="../widgets/pages/trajectory/trajectoryruns.cpp" line="+54"/>
        <source>&amp;Branches</source>
        <translation>분기(&amp;B)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Also draw the run&apos;s family: the run it branched or was averaged from, and the cooldown branches and averaged runs made from it</source>
        <translation>실행의 계열도 함께 그립니다: 이 실행이 분기되거나 평균된 원래 실행, 그리고 이 실행에서 만든 쿨다운 분기와 평균 실행</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Runs</source>
        <translation>실행(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Overlay other runs of the store: every run gets its own line style and marker, every config keeps its colour</source>
        <translation>저장소의 다른 실행을 겹쳐 표시합니다. 실행마다 고유한 선 스타일과 표식을 쓰고, 구성마다 색은 그대로 유지됩니다</translation>
    </message>
    <message>
        <location line="+170"/>
        <source>learning rate</source>
        <translation>학습률</translation>
    </message>
    <message>
        <location line="+65"/>
        <source> (95 % band)</source>
        <translation> (95% 구간 띠)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>FP val loss</source>
        <translation>FP 검증 손실</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>train loss</source>
        <translation>학습 손실</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 (family)</source>
        <translation>%1 (계열)</translation>
    </message>
</context>
<context>
    <name>qs::TrajectoryShading</name>
    <message>
        <location filename="../widgets/pages/trajectory/trajectoryshading.cpp" line="+82"/>
        <source>warmup</source>
        <translation>워밍업</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stable</source>
        <translation>안정</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR decay</source>
        <translation>LR 감쇠</translation>
    </message>
    <message>
        <location line="+44"/>
        <location line="+30"/>
        <source>no stage</source>
        <translation>단계 없음</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>stage %1 · %2 ingredients</source>
        <translation>단계 %1 · 구성 요소 %2개</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stage %1 · %2 branches</source>
        <translation>단계 %1 · 분기 %2개</translation>
    </message>
</context>
</TS>
