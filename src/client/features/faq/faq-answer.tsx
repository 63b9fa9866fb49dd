import { RichText } from '../../components/rich-text';
import type { FaqItem } from './faq-content';

/** spec §2: the answer kinds: standard text, list, nested list and table, with links and bold highlights. */
export function FaqAnswer({ item }: { item: FaqItem }) {
  const rich = (value: string) => <RichText text={value} links={item.links} bolded={item.boldedContent} />;
  return (
    <>
      {item.content && <p>{rich(item.content)}</p>}
      {(item.type === 'list' || item.type === 'nestedList') && item.list && (
        <ul className="faq__list">
          {item.list.map((entry, index) => {
            const nested =
              item.type === 'nestedList'
                ? item.nestedList?.find((n) => n.listItemIndex === index)
                : undefined;
            return (
              <li key={index}>
                {rich(entry)}
                {nested && (
                  <>
                    <ul className="faq__list faq__list--nested">
                      {nested.list.map((sub, subIndex) => (
                        <li key={subIndex}>{rich(sub)}</li>
                      ))}
                    </ul>
                    {nested.exitContent && <p>{rich(nested.exitContent)}</p>}
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {item.type === 'table' && item.table && (
        <div className="faq__table-wrap" tabIndex={0} role="group" aria-label={item.title}>
          <table className="faq__table">
            <thead>
              <tr>
                {item.table.headers.map((header) => (
                  <th key={header} scope="col">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {item.table.rows.map((row, index) => (
                <tr key={index}>
                  {row.map((cell, cellIndex) => (
                    <td key={cellIndex}>{rich(cell)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {item.exitContent && <p>{rich(item.exitContent)}</p>}
    </>
  );
}
