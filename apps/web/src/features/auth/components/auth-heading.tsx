import { Typography } from 'antd';

/** Title and lead text at the top of an authentication form. */
export function AuthHeading({ title, lead }: { title: string; lead?: string }) {
  return (
    <header className="auth-heading">
      <Typography.Title level={2} className="auth-heading__title">
        {title}
      </Typography.Title>
      {lead ? <Typography.Paragraph type="secondary">{lead}</Typography.Paragraph> : null}
    </header>
  );
}
