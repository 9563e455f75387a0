import type { Product } from '@pt/contracts';
import { Link } from 'react-router-dom';
import type { CompareRow } from '../hooks/use-compare-rows';
import { removeFromCompare } from '../utils/compare-store';

interface CompareViewProps {
  products: readonly Product[];
  rows: CompareRow[];
  /** The best value's id, marked in its card or column. */
  best: string | undefined;
}

/** A phone's comparison: one card per product instead of a table wider than the screen. */
export function CompareCards({ products, rows, best }: CompareViewProps) {
  return (
    <ul className="compare-cards" aria-label="Compared products">
      {products.map((p) => (
        <li
          key={p.id}
          className={p.id === best ? 'compare-card best-value' : 'compare-card'}
          data-testid="compare-card"
        >
          <h2>
            <Link to={`/product/${encodeURIComponent(p.id)}`}>{p.title}</Link>
          </h2>
          {p.id === best && <BestValueMark />}
          <dl>
            {rows.map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value(p)}</dd>
              </div>
            ))}
          </dl>
          <button type="button" className="btn btn-sm" onClick={() => removeFromCompare(p.id)}>
            Remove<span className="sr-only"> {p.title}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Products as columns, facts as rows; the table scrolls in its own frame. */
export function CompareTable({ products, rows, best }: CompareViewProps) {
  return (
    <div className="compare-table-wrap" tabIndex={0} role="region" aria-label="Comparison table">
      <table className="compare-table" data-testid="compare-table">
        <thead>
          <tr>
            <td />
            {products.map((p) => (
              <th
                key={p.id}
                scope="col"
                className={p.id === best ? 'best-value' : undefined}
                data-testid="compare-column"
              >
                <Link to={`/product/${encodeURIComponent(p.id)}`}>{p.title}</Link>
                {p.id === best && <BestValueMark />}
                <p>
                  <button type="button" className="btn btn-sm" onClick={() => removeFromCompare(p.id)}>
                    Remove<span className="sr-only"> {p.title}</span>
                  </button>
                </p>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {products.map((p) => (
                <td key={p.id} className={p.id === best ? 'best-value' : undefined}>
                  {value(p)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The mark on the best-value product, in the phone's cards and the table's header alike. */
function BestValueMark() {
  return (
    <p>
      <span className="badge" data-testid="best-value">
        Best value
      </span>
    </p>
  );
}
