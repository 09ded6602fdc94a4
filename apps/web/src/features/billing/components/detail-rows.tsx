/** The term/value rows of a billing `<dl className="billing-details">` (subscription details, next invoice). */
export function DetailRows({ rows }: { rows: [term: string, value: string][] }) {
  return rows.map(([term, value]) => (
    <div key={term} className="billing-details__row">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  ));
}
