/**
 * The chart's words in the page's language (Intl): the time axis's ticks, the counts of the
 * count axis and the legend. Apart from chart.ts (uPlot and its stylesheet) so that tests can
 * run it outside a browser.
 */
const DAY = 86_400

export function chartFormats (locale: string) {
  const date = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' })
  const hour = new Intl.DateTimeFormat(locale, { hour: 'numeric' })
  const when = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: '2-digit' })
  const count = new Intl.NumberFormat(locale)
  return {
    /** The labels of ticks (seconds) `incr` seconds apart: dates, or hours with the date under each day's first. */
    times (ticks: number[], incr: number): string[] {
      let previous = ''
      return ticks.map((seconds) => {
        const at = new Date(seconds * 1000)
        const day = date.format(at)
        if (incr >= DAY) return day
        const label = day === previous ? hour.format(at) : `${hour.format(at)}\n${day}`
        previous = day
        return label
      })
    },
    count: (n: number) => count.format(n),
    /** A bucket's start (seconds), as the legend shows it. */
    when: (seconds: number) => when.format(new Date(seconds * 1000))
  }
}
