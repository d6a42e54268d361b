import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const PAGE_DATA = /<script type="application\/json" id="page-data">[\s\S]*?<\/script>/;

/**
 * `npm run dev` only: serves the app shell for page navigations with the page data (and its CSRF
 * cookie) that the local API server would have injected, so sign-in and other POSTs work through
 * the dev proxy. The API server runs separately on `apiOrigin` (`PORT=5174 npm start`).
 */
export const devPageData = (apiOrigin: string): Plugin => ({
  name: 'dev-page-data',
  apply: 'serve',
  configureServer(server) {
    // connect ignores a returned promise: the handler catches its own failures (see below).
    server.middlewares.use(
      (req, res, next) =>
        void (async () => {
          const url = req.url ?? '/';
          const isPage =
            req.method === 'GET' &&
            (req.headers.accept ?? '').includes('text/html') &&
            /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?my-account(?:\/|$)/.test(url) &&
            !url.startsWith('/my-account/api');
          if (!isPage) return next();
          try {
            const shell = await fetch(`${apiOrigin}${url}`, {
              headers: { cookie: req.headers.cookie ?? '', accept: 'text/html' },
            });
            const pageData = PAGE_DATA.exec(await shell.text())?.[0] ?? '';
            const cookies = shell.headers.getSetCookie();
            if (cookies.length) res.setHeader('set-cookie', cookies);
            const template = await readFile(resolve(server.config.root, 'index.html'), 'utf8');
            const html = (await server.transformIndexHtml(url, template)).replace('<head>', `<head>\n    ${pageData}`);
            res.statusCode = shell.status === 404 ? 404 : 200;
            res.setHeader('content-type', 'text/html; charset=utf-8');
            res.end(html);
          } catch {
            // API server not running: plain shell without page data (defaults apply, POSTs answer 403).
            next();
          }
        })(),
    );
  },
});
