/**
 * The sign-ins chart: uPlot over /v1/admins/auditstats (hourly buckets of the last 7 days), three
 * series: sign-ins, failed sign-ins and refresh token reuse detections.
 */
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { CHART_SERIES } from './events.js'
import { chartFormats } from './chart-format.js'
import type { Success } from '../common/api.js'

/** One bucket of /v1/admins/auditstats: its start and the count of each event. */
export type StatsBucket = Success<'/v1/admins/auditstats'>['buckets'][number]

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
  const format = chartFormats(locale)
  const [timeLabel, ...seriesLabels] = labels
  const plot = new uPlot({
    width,
    height: 280,
    scales: { x: { time: true }, y: { range: (_u: uPlot, _min: number, max: number) => [0, Math.max(4, max)] } },
    series: [
      { label: timeLabel, value: (_u: uPlot, v: number) => v == null ? '-' : format.when(v) },
      ...seriesLabels.map((label, i) => ({
        label, stroke: COLOURS[i], width: 2, fill: `${COLOURS[i]}1f`, points: { show: false },
        value: (_u: uPlot, v: number) => v == null ? '-' : format.count(v)
      }))
    ],
    // uPlot's own tick labels are English whatever the page's language: these are the page's.
    axes: [
      { space: 60, values: (_u: uPlot, ticks: number[], _axis: number, _space: number, incr: number) => format.times(ticks, incr) },
      { size: 48, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000], values: (_u: uPlot, ticks: number[]) => ticks.map(format.count) }
    ]
  }, chartData(buckets) as uPlot.AlignedData, target)
  const resize = () => plot.setSize({ width: Math.max(320, target.clientWidth || width), height: 280 })
  window.addEventListener('resize', resize)
  return () => {
    window.removeEventListener('resize', resize)
    plot.destroy()
  }
}
