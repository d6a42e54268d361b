import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aliasFor, rewrite, root } from '#scripts/codemods/import-aliases.ts';

const at = (path: string) => join(root, path);

describe('import-aliases codemod', () => {
  it('aliases imports that leave their top-level folder, keeping a spelled extension', () => {
    expect(aliasFor(at('routes/-components/railcards/x.tsx'), '../../../src/ui/page')).toBe('#src/ui/page');
    expect(aliasFor(at('machines/login.ts'), '../src/schemas/forms')).toBe('#src/schemas/forms');
    expect(aliasFor(at('routes/login.tsx'), '../src/services')).toBe('#src/services');
    expect(aliasFor(at('test/server/x.test.ts'), '../../server/app.ts')).toBe('#server/app.ts');
    expect(aliasFor(at('server/api/passengers.ts'), '../../src/schemas/passengers.ts')).toBe(
      '#src/schemas/passengers.ts',
    );
  });

  it('aliases climbs of two or more folders inside one folder too', () => {
    expect(aliasFor(at('routes/-components/a/b.tsx'), '../../__root')).toBe('#routes/__root');
  });

  it('leaves short in-folder imports, packages and paths outside the aliased folders alone', () => {
    expect(aliasFor(at('server/api/auth.ts'), '../lib/errors.ts')).toBeNull();
    expect(aliasFor(at('routes/login.tsx'), './-components/login-page')).toBeNull();
    expect(aliasFor(at('test/unit/x.test.ts'), '../../vite.config.ts')).toBeNull();
    expect(aliasFor(at('src/router.tsx'), '../src')).toBeNull();
  });

  it('rewrites every import form and is idempotent', () => {
    const file = at('routes/-components/passengers/page.tsx');
    const source = [
      "import { Page } from '../../../src/ui/page';",
      'import type { X } from "../../../machines/login";',
      "export { y } from '../../../src/api/problem';",
      "import '../../../src/styles/theme.css';",
      "const lazy = () => import('../../../src/ui/alert');",
      "import { local } from './local';",
    ].join('\n');
    const once = rewrite(file, source);
    expect(once.changed).toBe(5);
    expect(once.text).toBe(
      [
        "import { Page } from '#src/ui/page';",
        'import type { X } from "#machines/login";',
        "export { y } from '#src/api/problem';",
        "import '#src/styles/theme.css';",
        "const lazy = () => import('#src/ui/alert');",
        "import { local } from './local';",
      ].join('\n'),
    );
    expect(rewrite(file, once.text)).toEqual({ text: once.text, changed: 0 });
  });
});
