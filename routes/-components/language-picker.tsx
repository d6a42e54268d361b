import { useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { autonyms, localePrefixes, localeTag, pathInLocale, type LocalePrefix } from '#src/config/locales';
import { useServices } from '#src/services';
import { m } from '#src/paraglide/messages.js';
import * as styles from './shell.css';

const autonym = (tag: string) => autonyms[tag] ?? tag;

const choices: (LocalePrefix | null)[] = [null, ...localePrefixes];

/**
 * The language picker in the account menu: links to the same screen under each locale prefix (the
 * URL is the locale's only source, decision 001 and 210). Following one loads the page in that
 * locale with the path, search and hash the URL holds; plain links, so it works by keyboard and
 * without script state. The list is built the first time the picker opens (then kept), so the
 * header renders one link less per locale at every page load.
 */
export function LanguagePicker() {
  const { locale } = useServices();
  const [opened, setOpened] = useState(false);
  // The router's location is inside the basepath (`/bookings/past`); the address adds it back.
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const search = useRouterState({ select: (s) => s.location.searchStr });
  const hash = useRouterState({ select: (s) => s.location.hash });
  const here = {
    pathname: `${locale.basepath}${pathname === '/' ? '' : pathname}`,
    search,
    hash: hash ? `#${hash}` : '',
  };
  return (
    <details className={styles.languagePicker} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className={styles.languageSummary}>{m.account_nav_language({ language: autonym(locale.tag) })}</summary>
      {opened ? (
        <ul className={styles.languageList}>
          {choices.map((prefix) => {
            const tag = localeTag(prefix);
            const current = prefix === locale.prefix;
            return (
              <li key={tag}>
                <a
                  className={styles.navLink}
                  href={pathInLocale(here, prefix)}
                  lang={tag}
                  hrefLang={tag}
                  aria-current={current ? 'true' : undefined}
                >
                  {autonym(tag)}
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
    </details>
  );
}
