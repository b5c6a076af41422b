import { LegalLinks } from './LegalLinks.tsx';
import { Prose } from './Prose.tsx';

export function TermsPage() {
  return (
    <Prose
      title="Terms of Service"
      lead="Last updated November 2026. By using RR Companion you agree to these terms."
    >
      <h2>The service</h2>
      <p>
        RR Companion is a free companion to Royal Road. It is independent and not affiliated with or endorsed
        by Royal Road. Statistics are gathered from public pages on a schedule and may be delayed, incomplete
        or, rarely, wrong.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>You must be at least 13 years old to use an account.</li>
        <li>Keep your password to yourself; you are responsible for what happens under your account.</li>
        <li>Do not try to break, overload or scrape the service, or to reach other people's data.</li>
      </ul>

      <h2>Donations</h2>
      <p>
        Coffee donations are voluntary gifts that keep the site running. They buy no extra features unless a
        page says so, and are processed by our card payment provider.
      </p>

      <h2>Content</h2>
      <p>
        Fiction titles, covers and descriptions belong to their authors and are shown to help readers find and
        follow their work. If you are an author and want something removed, contact us.
      </p>

      <h2>No warranty</h2>
      <p>
        The service is provided as it is, without warranty. We may change or end features, and we will give
        notice of changes to these terms on this page.
      </p>
      <LegalLinks other="privacy" />
    </Prose>
  );
}
