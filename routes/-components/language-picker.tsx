import { useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { localePrefixes, localeTag, pathInLocale, type LocalePrefix } from '#src/config/locales';
import { useServices } from '#src/services';
import { m } from '#src/paraglide/messages.js';
import * as styles from './shell.css';

/**
 * Each language named in itself ("Deutsch (Schweiz)"), so a reader finds theirs whatever the page's
 * locale. Worked out once per tag: an Intl.DisplayNames is costly to build, and the header renders
 * the whole list on every page.
 */
const autonyms = new Map<string, string>();
const autonym = (tag: string) => {
  let name = autonyms.get(tag);
  if (name === undefined) {
    const own = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
    name = own.charAt(0).toLocaleUpperCase(tag) + own.slice(1);
    autonyms.set(tag, name);
  }
  return name;
};

const choices: (LocalePrefix | null)[] = [null, ...localePrefixes];

/**
 * The language picker in the account menu: links to the same screen under each locale prefix (the
 * URL is the locale's only source, decision 001 and 210). Following one loads the page in that
 * locale with the path, search and hash the URL holds; plain links, so it works by keyboard and
 * without script state. The list is built the first time the picker opens (then kept): naming
 * seventeen languages costs more main-thread time at page load than anything else in the header.
 */
export function LanguagePicker() {
  const { locale } = useServices();
  const [opened, setOpened] = useState(false);
  // The router's location is inside the basepath (`/bookings/past`); the address adds it back.
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const search = useRouterState({ select: (s) => s.location.searchStr });
  const hash = useRouterState({ select: (s) => s.location.hash });
  const here = { pathname: `${locale.basepath}${pathname === '/' ? '' : pathname}`, search, hash: hash ? `#${hash}` : '' };
  return (
    <details className={styles.languagePicker} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className={styles.languageSummary}>
        {m.account_nav_language({ language: autonym(locale.tag) })}
      </summary>
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
