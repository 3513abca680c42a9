// Writes every <time datetime> of the page in the reader's own time zone and language. Without this
// script the page shows the same moments in UTC, as the server wrote them.
"use strict";
(function () {
  const lang = document.documentElement.lang || undefined;
  const format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  function localTimes(root) {
    for (const element of root.querySelectorAll("time[datetime]")) {
      const moment = new Date(element.getAttribute("datetime"));
      if (!Number.isNaN(moment.getTime())) {
        element.textContent = format.format(moment);
        element.title = zone;
      }
    }
  }

  window.bricabotLocalTimes = localTimes;
  document.addEventListener("DOMContentLoaded", function () {
    localTimes(document);
  });
})();
