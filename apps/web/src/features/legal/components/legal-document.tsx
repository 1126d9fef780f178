import { Typography } from 'antd';

export interface LegalSection {
  title: string;
  paragraphs: string[];
}

/** A long legal text: title, date line, intro and numbered sections with a table of contents. */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
  tocLabel,
}: {
  title: string;
  updated?: string;
  intro: string[];
  sections: LegalSection[];
  tocLabel: string;
}) {
  return (
    <article className="legal">
      <header className="legal__header">
        <Typography.Title level={1} className="legal__title">
          {title}
        </Typography.Title>
        {updated ? <Typography.Text type="secondary">{updated}</Typography.Text> : null}
      </header>
      {intro.map((p, i) => (
        <Typography.Paragraph key={i} className="legal__intro">
          {p}
        </Typography.Paragraph>
      ))}
      <nav className="legal__toc" aria-label={tocLabel}>
        <Typography.Text strong>{tocLabel}</Typography.Text>
        <ol>
          {sections.map((s, i) => (
            <li key={i}>
              <a href={`#section-${i + 1}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={i} id={`section-${i + 1}`} className="legal__section" aria-labelledby={`section-${i + 1}-title`}>
          <Typography.Title level={2} id={`section-${i + 1}-title`} className="legal__section-title">
            {i + 1}. {s.title}
          </Typography.Title>
          {s.paragraphs.map((p, j) => (
            <Typography.Paragraph key={j}>{p}</Typography.Paragraph>
          ))}
        </section>
      ))}
    </article>
  );
}
