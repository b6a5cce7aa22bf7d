/**
 * The sign-ins chart: uPlot over /v1/admins/auditstats (hourly buckets of the last 7 days), three
 * series: sign-ins, failed sign-ins and refresh token reuse detections.
 */
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { CHART_SERIES } from './events.js'

export interface StatsBucket { start: string, counts: Record<string, number> }

/** uPlot's columns: the bucket starts in seconds, then one column per series (0 where none). */
export function chartData (buckets: StatsBucket[]): number[][] {
  return [
    buckets.map((b) => Date.parse(b.start) / 1000),
    ...CHART_SERIES.map((event) => buckets.map((b) => b.counts[event] ?? 0))
  ]
}

export function totals (buckets: StatsBucket[]): number[] {
  return CHART_SERIES.map((event) => buckets.reduce((sum, b) => sum + (b.counts[event] ?? 0), 0))
}

const COLOURS = ['#16a34a', '#dc2626', '#9333ea']

/** Draws the chart into `target` at its width (`labels`: the time axis's, then the series'); returns a function that removes it. */
export function drawChart (target: HTMLElement, buckets: StatsBucket[], labels: string[], locale: string): () => void {
  const width = Math.max(320, target.clientWidth || 720)
  const dateFormat = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: '2-digit' })
  const [timeLabel, ...seriesLabels] = labels
  const plot = new uPlot({
    width,
    height: 280,
    scales: { x: { time: true }, y: { range: (_u: uPlot, _min: number, max: number) => [0, Math.max(4, max)] } },
    series: [
      { label: timeLabel, value: (_u: uPlot, v: number) => v == null ? '-' : dateFormat.format(new Date(v * 1000)) },
      ...seriesLabels.map((label, i) => ({ label, stroke: COLOURS[i], width: 2, fill: `${COLOURS[i]}1f`, points: { show: false } }))
    ],
    axes: [{}, { size: 40, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] }]
  }, chartData(buckets) as uPlot.AlignedData, target)
  const resize = () => plot.setSize({ width: Math.max(320, target.clientWidth || width), height: 280 })
  window.addEventListener('resize', resize)
  return () => {
    window.removeEventListener('resize', resize)
    plot.destroy()
  }
}
