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
  const shown = useCountUp(value);
  return (
    <span className={className} data-testid={testId} data-value={value} aria-label={format(value)}>
      <span aria-hidden="true">{format(shown)}</span>
    </span>
  );
}
