/** The pages' one stylesheet, inlined under the response's CSP nonce: no external asset. */
export const STYLES = `
:root { color-scheme: light; --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --good: #1a7f37; --bad: #cf222e; --warn-bg: #fff8c5; --live-bg: #ffebe9; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--ink); background: #f6f8fa; }
main { max-width: 760px; margin: 0 auto; padding: 24px 16px 48px; }
header.site { display: flex; justify-content: space-between; align-items: center; margin-bottom: 16px; color: var(--muted); }
header.site strong { color: var(--ink); letter-spacing: .02em; }
section.card { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 20px; margin-bottom: 16px; }
h1 { font-size: 1.35rem; margin: 0 0 12px; }
h2 { font-size: 1.05rem; margin: 20px 0 8px; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; margin: 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; }
ol.legs { margin: 0; padding-left: 20px; }
figure { margin: 16px 0 0; }
figure svg { max-width: 100%; height: auto; }
figcaption { color: var(--muted); font-size: .9rem; }
.notice { border-radius: 6px; padding: 10px 12px; margin: 12px 0; }
.notice.warn { background: var(--warn-bg); border: 1px solid #d4a72c; }
.flags { background: var(--warn-bg); border: 1px solid #d4a72c; border-radius: 6px; padding: 8px 12px 8px 28px; }
.notice.live { background: var(--live-bg); border: 2px solid var(--bad); font-weight: 600; font-size: 1.05rem; }
.notice.error { background: var(--live-bg); border: 1px solid var(--bad); }
.notice.ok { background: #dafbe1; border: 1px solid var(--good); }
.status { display: inline-block; padding: 2px 8px; border-radius: 999px; background: #eaeef2; font-size: .85rem; }
.actions { display: flex; gap: 12px; flex-wrap: wrap; margin-top: 16px; }
.actions form { margin: 0; }
button { font: inherit; padding: 10px 20px; border-radius: 6px; border: 1px solid var(--line); background: #fff; cursor: pointer; }
button.approve { background: var(--good); border-color: var(--good); color: #fff; font-weight: 600; }
button.reject { color: var(--bad); border-color: var(--bad); }
button:disabled { opacity: .55; cursor: not-allowed; }
label { display: block; margin: 12px 0 4px; font-weight: 600; }
input[type=email], input[type=password], input[type=text] { width: 100%; padding: 8px 10px; font: inherit; border: 1px solid var(--line); border-radius: 6px; }
fieldset { border: 1px solid var(--line); border-radius: 6px; margin: 12px 0; }
fieldset label { display: inline; font-weight: normal; margin-right: 16px; }
.muted { color: var(--muted); }
main.wide { max-width: 1120px; }
header.site { flex-wrap: wrap; gap: 8px 18px; }
header.site a.home { color: var(--ink); text-decoration: none; }
nav.site { display: flex; gap: 16px; flex: 1; }
nav.site a { color: var(--muted); }
header.site form { margin: 0; }
a.button { display: inline-block; padding: 10px 20px; border-radius: 6px; border: 1px solid var(--line); background: #fff; color: var(--ink); text-decoration: none; }
a.button.approve { background: var(--good); border-color: var(--good); color: #fff; font-weight: 600; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); font-size: .92rem; }
th { color: var(--muted); font-weight: 600; }
td form { margin: 0; }
td button { padding: 4px 12px; }
.desk-columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(340px, 1fr)); gap: 0 16px; }
article.item { border: 1px solid var(--line); border-radius: 6px; padding: 12px 14px; margin: 12px 0 0; }
article.item h3 { font-size: 1.02rem; margin: 0 0 8px; }
h3 a.more { font-size: .85rem; font-weight: normal; margin-left: 8px; }
.split { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
.split dl.facts { flex: 1 1 260px; }
figure.small-chart { flex: 1 1 420px; max-width: 500px; margin: 0; }
figure.small-chart svg { width: 100%; height: auto; }
ul.alerts { list-style: none; padding: 0; margin: 12px 0 0; }
ol.steps { margin: 8px 0 0; padding-left: 22px; color: var(--muted); }
.gain { color: var(--good); font-weight: 600; }
.loss { color: var(--bad); font-weight: 600; }
nav.brokers a { margin: 0 8px; }
nav.brokers a[aria-current] { font-weight: 600; color: var(--ink); text-decoration: none; }
`;
