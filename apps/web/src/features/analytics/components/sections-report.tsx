import { copy } from "@doorstep/shared/copy";
import type { AnalyticsSectionsResponse } from "@doorstep/shared/schemas/analytics";

const c = copy.analytics;
const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * "What guests read" (section analytics): every section of the guide with the share of sessions that saw
 * it, a bar for the eye and the figure for everyone; the sections nobody opened are called out so the host
 * knows what to fix; then the items looked at most and the languages read.
 */
export function SectionsReport({ data, allProperties }: { data: AnalyticsSectionsResponse; allProperties: boolean }) {
  const neverOpened = data.sessions > 0 ? data.sections.filter((s) => s.sessions === 0) : [];
  return (
    <section className="analytics-sections" aria-labelledby="analytics-sections-h">
      <h2 id="analytics-sections-h">{c.sectionsTitle}</h2>
      <p className="analytics-sections__intro">{c.sectionsIntro}</p>
      {data.sections.length === 0 ? (
        <p className="analytics-sections__empty">{c.noSections}</p>
      ) : (
        <>
          {data.sessions === 0 ? <p className="analytics-sections__empty">{c.noSessions}</p> : null}
          {neverOpened.length > 0 ? (
            <p className="analytics-sections__warning" role="note">
              {c.neverOpenedSummary(neverOpened.map((s) => s.title))}
            </p>
          ) : null}
          <table className="analytics-sections__table">
            <caption className="visually-hidden">{c.sectionsTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{c.section}</th>
                <th scope="col" className="num">
                  {c.sessions}
                </th>
                <th scope="col">{c.reach}</th>
              </tr>
            </thead>
            <tbody>
              {data.sections.map((s) => (
                <tr key={s.key} data-section={s.key}>
                  <th scope="row">
                    {s.title}
                    {data.sessions > 0 && s.sessions === 0 ? (
                      <span className="analytics-sections__badge">{c.notOpened}</span>
                    ) : null}
                  </th>
                  <td className="num">{s.sessions}</td>
                  <td>
                    <span className="analytics-sections__reach">
                      <span className="analytics-sections__bar" aria-hidden="true">
                        <span style={{ width: percent(s.reach) }} />
                      </span>
                      {percent(s.reach)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <div className="analytics-sections__lists">
        <div>
          <h3>{c.topItemsTitle}</h3>
          {data.items.length === 0 ? (
            <p className="analytics-sections__empty">{c.noItems}</p>
          ) : (
            <table className="analytics-sections__table">
              <thead>
                <tr>
                  <th scope="col">{c.item}</th>
                  {allProperties ? <th scope="col">{c.inProperty}</th> : null}
                  <th scope="col" className="num">
                    {c.sessions}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => (
                  <tr key={item.id}>
                    <th scope="row">{item.title}</th>
                    {allProperties ? <td>{item.propertyTitle}</td> : null}
                    <td className="num">{item.sessions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div>
          <h3>{c.languagesTitle}</h3>
          {data.languages.length === 0 ? (
            <p className="analytics-sections__empty">{c.noLanguages}</p>
          ) : (
            <table className="analytics-sections__table">
              <thead>
                <tr>
                  <th scope="col">{c.language}</th>
                  <th scope="col" className="num">
                    {c.sessions}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.languages.map((l) => (
                  <tr key={l.code}>
                    <th scope="row">{l.name}</th>
                    <td className="num">{l.sessions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </section>
  );
}
