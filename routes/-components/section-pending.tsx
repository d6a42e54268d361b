import { Page } from '#src/ui/page';

/**
 * A route whose screen belongs to a later issue: it names the section and shows no invented data.
 * Its path, params, search validation and guards are real.
 */
export function SectionPending({ title }: { title: string }) {
  return (
    <Page title={title}>
      <p>This part of your account isn't available here yet.</p>
    </Page>
  );
}
