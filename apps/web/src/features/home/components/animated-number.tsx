import { useCountUp } from '../utils/count-up';

/**
 * A figure that counts up over 3 seconds to `value` (000 §2). Screen readers get the final value;
 * tests read `data-value` (the target) and the text (what is shown).
 */
export function AnimatedNumber({
  value,
  format,
  testId,
  className,
}: {
  value: number;
  format: (n: number) => string;
  testId?: string;
  className?: string;
}) {
  return <Figure value={value} shown={useCountUp(value)} format={format} testId={testId} className={className} />;
}

/** A figure counted up by its caller (several figures of one snapshot on one clock). */
export function Figure({
  value,
  shown,
  format,
  testId,
  className,
}: {
  value: number;
  shown: number;
  format: (n: number) => string;
  testId?: string;
  className?: string;
}) {
  return (
    <span className={className} data-testid={testId} data-value={value} aria-label={format(value)}>
      <span aria-hidden="true">{format(shown)}</span>
    </span>
  );
}
