/** Title and lead text at the top of an authentication form. */
export function AuthHeading({ title, lead }: { title: string; lead?: string }) {
  return (
    <header className="auth-heading">
      <h2 className="title-2 auth-heading__title">{title}</h2>
      {lead ? <div className="text text--secondary">{lead}</div> : null}
    </header>
  );
}
