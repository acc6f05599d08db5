import { Anchor, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { isLocale } from '@/shared/i18n/locale-path';
import classes from './markdown-content.module.css';

/** `/fees` in Spanish -> `/es/fees`; a path that already names a language stays as written. */
function useInternalHref(): (href: string) => string {
  const localize = useLocalizePath();
  return (href) => (isLocale(href.split('/')[1]) ? href : localize(href));
}

const isInternal = (href: string) => href.startsWith('/') && !href.startsWith('//');

/**
 * Markdown from the server (the operator's own files): no raw HTML is rendered (`skipHtml`), URLs go
 * through react-markdown's default filter (no `javascript:`), internal links stay in the app and follow
 * the page's language, and outside links open in a new tab without an opener. Headings start at level 2:
 * the page's title is its only h1.
 */
export function MarkdownContent({ markdown }: { markdown: string }) {
  const internalHref = useInternalHref();
  const heading =
    (order: 2 | 3 | 4) =>
    ({ children }: { children?: ReactNode }) => (
      <Title order={order} className={classes.heading}>
        {children}
      </Title>
    );
  const components: Components = {
    h1: heading(2),
    h2: heading(2),
    h3: heading(3),
    h4: heading(4),
    h5: heading(4),
    h6: heading(4),
    a: ({ href = '', children }) =>
      isInternal(href) ? (
        <Anchor component={Link} to={internalHref(href)} className={classes.link}>
          {children}
        </Anchor>
      ) : (
        <Anchor href={href} target="_blank" rel="noopener noreferrer" className={classes.link}>
          {children}
        </Anchor>
      ),
    img: ({ alt }) => <span>{alt}</span>,
  };
  return (
    <Typography className={classes.root}>
      <Markdown skipHtml components={components}>
        {markdown}
      </Markdown>
    </Typography>
  );
}
