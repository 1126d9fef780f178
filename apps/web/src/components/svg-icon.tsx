import { createElement, type ReactNode } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';

function toElement(node: AbstractNode, key?: number): ReactNode {
  return createElement(node.tag, { key, ...node.attrs }, node.children?.map(toElement));
}

/**
 * One of the component library's icon drawings (`@ant-design/icons-svg`), without the library:
 * for the screens that load alone (the sign-in page), where the icon package's React wrapper and
 * its context would come with it. Decorative: hidden from screen readers, sized by the font.
 */
export function SvgIcon({ icon, className, spin }: { icon: IconDefinition; className?: string; spin?: boolean }) {
  const drawing = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span className={`svg-icon${spin ? ' svg-icon--spin' : ''}${className ? ` ${className}` : ''}`} aria-hidden="true">
      {createElement('svg', { ...drawing.attrs, width: '1em', height: '1em', fill: 'currentColor' }, drawing.children?.map(toElement))}
    </span>
  );
}
