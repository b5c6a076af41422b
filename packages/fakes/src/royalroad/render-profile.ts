// An author's profile page. No real profile page was ever saved, so this legacy markup is a best guess: name in
// `.profile-info h1`, avatar `img[data-type=avatar]`, the author's bio in `.profile-info .bio`, and the author's fictions as ordinary list items.
import { escapeHtml as e, shortDate, thousands, unixSeconds, utcDateTime } from './html.ts';
import type { FakeAuthor, FakeFiction } from './model.ts';
import { legacyPage } from './render-layout.ts';
import { renderListItem } from './render-list.ts';

export const DEFAULT_AVATAR = '/dist/img/anon.jpg';

export function renderProfilePage(author: FakeAuthor, fictions: readonly FakeFiction[], now: string): string {
  const items = fictions.length
    ? fictions.map((fiction) => renderListItem(fiction, now)).join('\n')
    : '<p class="text-center">This user has not published any fictions yet.</p>';
  const body = `<div class="profile-page">
<div class="row">
    <div class="col-md-12">
        <div class="portlet light profile-info">
            <div class="row">
                <div class="col-md-2 text-center">
                    <div class="avatar-container">
                        <img class="img-circle avatar" data-type="avatar" alt="${e(author.name)}" onError="this.onerror=null; this.src=&#x27;${DEFAULT_AVATAR}&#x27;" src="${e(author.avatarUrl ?? DEFAULT_AVATAR)}" />
                    </div>
                </div>
                <div class="col-md-10">
                    <div class="username">
                        <h1 class="font-white">${e(author.name)}</h1>
                    </div>
                    <ul class="list-inline user-stats">
                        <li><span class="bold uppercase">Joined:</span> <time unixtime="${unixSeconds(author.joinedAt)}" datetime="${utcDateTime(author.joinedAt)}" format="MMM dd, yyyy" >${shortDate(author.joinedAt)}</time></li>
                        <li><span class="bold uppercase">Fictions:</span> ${thousands(fictions.length)}</li>
                    </ul>${
                      author.bio
                        ? `
                    <div class="bio">${author.bio
                      .split(/\n+/)
                      .map((line) => `<p>${e(line)}</p>`)
                      .join('')}</div>`
                        : ''
                    }
                </div>
            </div>
        </div>
    </div>
</div>
<div class="portlet light">
    <div class="portlet-title">
        <div class="caption">
            <i class="fa fa-book"></i>
            <span class="caption-subject bold uppercase">Author's Fictions</span>
        </div>
    </div>
    <div class="portlet-body">
<div class="fiction-list">

${items}
</div>
    </div>
</div>
</div>`;
  return legacyPage({ title: author.name, body });
}
