import { Box } from '@mantine/core';
import { useMemo } from 'react';

/** The markup a server message may keep (spec 3 §8: the retired-requisition message is shown as HTML). */
const ALLOWED_TAGS = new Set(['A', 'B', 'BR', 'EM', 'I', 'LI', 'OL', 'P', 'STRONG', 'U', 'UL', 'SPAN']);
const SAFE_HREF = /^(https?:|mailto:|tel:|\/(?!\/))/i;

/**
 * Sanitises a server message to a small allowlist (decision 0140): unknown elements are replaced by their text,
 * every attribute is dropped except a link's href to http(s), mailto, tel or this site, and links open safely.
 * Scripts, styles, event handlers, iframes and `javascript:` links cannot pass: a message is never a way to inject
 * markup.
 */
export function sanitiseHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = document.createElement('div');
  const copy = (from: Node, into: Node) => {
    for (const child of Array.from(from.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        into.appendChild(document.createTextNode(child.textContent ?? ''));
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        const element = child as Element;
        if (
          ['SCRIPT', 'STYLE', 'TEMPLATE', 'IFRAME', 'OBJECT', 'EMBED', 'NOSCRIPT'].includes(element.tagName)
        )
          continue;
        if (!ALLOWED_TAGS.has(element.tagName)) {
          copy(element, into);
          continue;
        }
        const clean = document.createElement(element.tagName.toLowerCase());
        const href = element.getAttribute('href')?.trim();
        if (element.tagName === 'A' && href && SAFE_HREF.test(href)) {
          clean.setAttribute('href', href);
          clean.setAttribute('rel', 'noopener noreferrer');
        }
        copy(element, clean);
        into.appendChild(clean);
      }
    }
  };
  copy(parsed.body, out);
  return out.innerHTML;
}

/** A server message shown as HTML after sanitiseHtml. */
export function SafeHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitiseHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised to an allowlist just above (decision 0140).
  return <Box dangerouslySetInnerHTML={{ __html: clean }} />;
}
