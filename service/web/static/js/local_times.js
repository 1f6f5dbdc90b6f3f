// Every <time data-ts> of a page in the reader's language and time zone: the server
// writes UTC (it knows neither), the browser knows both.

const lang = document.documentElement.lang || undefined;
const format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });

export function localTimes(root = document) {
  for (const el of root.querySelectorAll("time[data-ts]")) {
    const when = new Date(Number(el.dataset.ts) * 1000);
    if (Number.isNaN(when.getTime())) continue;
    el.title = el.textContent;  // the UTC text, on hover
    el.textContent = format.format(when);
    el.dataset.local = "1";
  }
}

localTimes();
