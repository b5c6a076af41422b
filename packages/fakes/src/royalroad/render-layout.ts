// The legacy page frame around every fake page: head, the anonymous visitor's top menu, footer. The saved real
// pages were trimmed to their content, so this frame is constructed (Royal Road's Metronic class names).
import { escapeHtml } from './html.ts';

export interface LayoutParts {
  /** Shown in `<title>` before " | Royal Road". */
  title: string;
  /** Extra `<meta>`/`<link>` lines for the head. */
  head?: string;
  body: string;
  /** Inline scripts at the end of the body, where Royal Road puts its page data. */
  scripts?: string;
}

const MENU = [
  ['/fictions/best-rated', 'Best Rated'],
  ['/fictions/trending', 'Trending'],
  ['/fictions/active-popular', 'Ongoing Fictions'],
  ['/fictions/weekly-popular', 'Popular This Week'],
  ['/fictions/rising-stars', 'Rising Stars'],
]
  .map(([href, label]) => `                    <li><a href="${href}">${label}</a></li>`)
  .join('\n');

export function legacyPage({ title, head = '', body, scripts = '' }: LayoutParts): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
    <meta charset="utf-8" />
    <title>${escapeHtml(title)} | Royal Road</title>
    <meta name="viewport" content="width=device-width, initial-scale=1" />
${head}
    <link href="/dist/css/site.min.css" rel="stylesheet" type="text/css" />
</head>
<body class="page-header-fixed page-container-bg-solid">
<div class="page-header">
    <div class="page-header-top">
        <div class="container">
            <div class="page-logo">
                <a href="/home"><img src="/dist/img/logo/rr-logo-gold-white.png" alt="Royal Road" class="logo-default"></a>
            </div>
            <div class="top-menu">
                <ul class="nav navbar-nav pull-right">
                    <li><a href="/account/login">Log In</a></li>
                    <li><a href="/account/register">Register</a></li>
                </ul>
            </div>
        </div>
    </div>
    <div class="page-header-menu">
        <div class="container">
            <div class="hor-menu">
                <ul class="nav navbar-nav">
${MENU}
                </ul>
            </div>
        </div>
    </div>
</div>
<div class="page-container">
    <div class="page-content-wrapper">
        <div class="page-content">
            <div class="container">
                <div class="page-content-inner">
${body}
                </div>
            </div>
        </div>
    </div>
</div>
<div class="page-footer">
    <div class="container">&copy; 2026 Royal Road&reg;</div>
</div>
<script src="/dist/js/site.min.js" type="text/javascript"></script>
${scripts}
</body>
</html>
`;
}
