// Keeps a game's page current: one event stream per page; each "update" brings the changing part of the
// page whole, which replaces the old one (times written again in the reader's zone, the change announced
// to screen readers). The browser reopens a cut stream by itself.
"use strict";
(function () {
  document.addEventListener("DOMContentLoaded", function () {
    const live = document.getElementById("live");
    const announce = document.getElementById("announce");
    if (!live || !window.EventSource) {
      return;
    }
    const source = new EventSource(live.dataset.events);
    source.addEventListener("update", function (event) {
      const focused = document.activeElement && live.contains(document.activeElement) ? document.activeElement.id : "";
      live.innerHTML = event.data;
      if (window.bricabotLocalTimes) {
        window.bricabotLocalTimes(live);
      }
      const again = focused ? document.getElementById(focused) : null;
      if (again) {
        again.focus();
      }
      const headline = live.querySelector(".status");
      announce.textContent = announce.dataset.updated + " " + (headline ? headline.textContent : "");
      live.dataset.revision = event.lastEventId;
    });
    source.addEventListener("refused", function () {
      source.close();
      announce.textContent = announce.dataset.refused;
      announce.classList.remove("visually-hidden");
    });
  });
})();
