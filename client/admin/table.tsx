import type { ComponentChildren } from 'preact'

/**
 * The console's tables: named by `label` (or by the heading `labelledBy`), the column headings, a
 * row per item (`row` gives the `<tr>`), `empty` said instead when there is none (no `empty`: the
 * table, empty), nothing while `items` is not loaded. A wide table scrolls on its own, keyboard too.
 */
export function DataTable<I> ({ label, labelledBy, className, columns, items, empty, row }: {
  label?: string
  labelledBy?: string
  className?: string
  columns: string[]
  items: readonly I[] | null | undefined
  empty?: string
  row: (item: I) => ComponentChildren
}) {
  if (!items) return null
  if (items.length === 0 && empty !== undefined) return <p>{empty}</p>
  return (
    <div class="scroll" role="region" aria-label={label} aria-labelledby={labelledBy} tabindex={0}>
      <table class={className}>
        <thead><tr>{columns.map((column) => <th scope="col" key={column}>{column}</th>)}</tr></thead>
        <tbody>{items.map(row)}</tbody>
      </table>
    </div>
  )
}
