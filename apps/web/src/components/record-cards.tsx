import { useState, type Key, type ReactNode } from 'react';
import { Button, Grid } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import './record-cards.css';

/** One fact of a record card: a label and its value (`wide` gives the value the card's whole width). */
export interface RecordCardFact {
  key: string;
  label: ReactNode;
  value: ReactNode;
  wide?: boolean;
}

/** What one record's card shows, top to bottom. */
export interface RecordCardContent {
  /** The record's name: the first thing read. */
  title: ReactNode;
  /** A second line under the name (an id, a code). */
  subtitle?: ReactNode;
  /** Status tags beside the name. */
  tags?: ReactNode;
  /** A selection checkbox before the name (it must carry its own accessible label). */
  select?: ReactNode;
  facts: RecordCardFact[];
  /** Buttons and links at the card's foot. */
  actions?: ReactNode;
  /** Shown under the card's facts when the record is expanded. */
  details?: ReactNode;
  /** Marks the card for an accent (`data-tone`): 'error', 'warning' or 'success'. */
  tone?: 'error' | 'warning' | 'success';
  /** `data-testid` of the card. */
  testId?: string;
}

interface RecordCardsProps<T> {
  items: readonly T[];
  itemKey: (item: T) => Key;
  /** The list's accessible name (the screen's list title). */
  label: string;
  render: (item: T) => RecordCardContent;
  /** The page is being replaced (a new page or filter loading). */
  busy?: boolean;
  /** Under the cards: the pager. */
  footer?: ReactNode;
  'data-testid'?: string;
}

/**
 * A list as cards, for phones: each record's name first, then its facts as label and value, then
 * its actions. A table of many columns shows one or two at a time on a phone; a card shows all that
 * matters without scrolling sideways. Screens keep their table from the `md` breakpoint up
 * (`usePhoneCards`).
 */
export function RecordCards<T>({ items, itemKey, label, render, busy, footer, 'data-testid': testId }: RecordCardsProps<T>) {
  return (
    <div className="record-cards-block">
      <ul className="record-cards" aria-label={label} aria-busy={busy || undefined} data-testid={testId}>
        {items.map((item) => {
          const card = render(item);
          return (
            <li key={itemKey(item)} className="record-card" data-tone={card.tone} data-testid={card.testId}>
              <div className="record-card__head">
                {card.select ? <span className="record-card__select">{card.select}</span> : null}
                <div className="record-card__name">
                  <span className="record-card__title">{card.title}</span>
                  {card.subtitle ? <span className="record-card__subtitle">{card.subtitle}</span> : null}
                </div>
                {card.tags ? <div className="record-card__tags">{card.tags}</div> : null}
              </div>
              {card.facts.length ? (
                <dl className="record-card__facts">
                  {card.facts.map((fact) => (
                    <div key={fact.key} className={fact.wide ? 'record-card__fact record-card__fact--wide' : 'record-card__fact'}>
                      <dt>{fact.label}</dt>
                      <dd>{fact.value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {card.actions ? <div className="record-card__actions">{card.actions}</div> : null}
              {card.details ? <div className="record-card__details">{card.details}</div> : null}
            </li>
          );
        })}
      </ul>
      {footer ? <div className="record-cards__footer">{footer}</div> : null}
    </div>
  );
}

/** True on a phone-sized screen (below antd's `md`, 768 px): lists show `RecordCards` there. */
export function usePhoneCards(): boolean {
  return Grid.useBreakpoint().md === false;
}

/** Which cards are expanded: `isOpen(key)` and `toggle(key)` (several may be open at once). */
export function useOpenCards<K>(): { isOpen: (key: K) => boolean; toggle: (key: K) => void } {
  const [open, setOpen] = useState<ReadonlySet<K>>(new Set());
  return {
    isOpen: (key) => open.has(key),
    toggle: (key) =>
      setOpen((prev) => {
        const next = new Set(prev);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
  };
}

/**
 * A card's "details" button: its visible word, an accessible name that says which record, and the
 * arrow that tells open from closed (`aria-expanded` for screen readers).
 */
export function RecordCardDetailsButton({
  open,
  onToggle,
  children,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: {
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  return (
    <Button
      size="small"
      type="text"
      aria-expanded={open}
      aria-label={ariaLabel}
      icon={open ? <UpOutlined aria-hidden="true" /> : <DownOutlined aria-hidden="true" />}
      iconPlacement="end"
      onClick={onToggle}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
