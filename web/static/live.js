// Keeps a game's page current: one event stream per page. After a change, "update" brings who acts, the
// reader's own choices, the standings and the log, and "table" the pictures once they are drawn; each
// replaces its part of the page whole (times written again in the reader's zone, the change announced to
// screen readers, the keyboard focus kept where it was). The browser reopens a cut stream by itself.
"use strict";
(function () {
  document.addEventListener("DOMContentLoaded", function () {
    const live = document.getElementById("live");
    const announce = document.getElementById("announce");
    if (!live || !window.EventSource) {
      return;
    }

    function replace(event) {
      const regions = JSON.parse(event.data);
      const focused = document.activeElement && live.contains(document.activeElement) ? document.activeElement.id : "";
      for (const [name, html] of Object.entries(regions)) {
        const region = document.getElementById(name);
        if (region && live.contains(region)) {
          region.innerHTML = html;
          if (window.bricabotLocalTimes) {
            window.bricabotLocalTimes(region);
          }
        }
      }
      const again = focused ? document.getElementById(focused) : null;
      if (again) {
        again.focus();
      }
    }

    const source = new EventSource(live.dataset.events);
    source.addEventListener("update", function (event) {
      replace(event);
      const status = document.querySelector("#now .status");
      announce.textContent = announce.dataset.updated + " " + (status ? status.textContent : "");
    });
    source.addEventListener("table", replace);
    source.addEventListener("refused", function () {
      source.close();
      announce.textContent = announce.dataset.refused;
      announce.classList.remove("visually-hidden");
    });
  });
})();
