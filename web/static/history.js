// The history's scrubber: a slider (and previous / next buttons) over the public board at every round's
// start. Without this script the rounds stay a list of links to each board.
"use strict";
(function () {
  document.addEventListener("DOMContentLoaded", function () {
    const scrubber = document.querySelector(".scrubber");
    const slider = document.getElementById("round");
    const links = Array.from(document.querySelectorAll(".frames a"));
    if (!scrubber || !slider || links.length === 0) {
      return;
    }
    const image = document.querySelector("#frame img");
    const label = document.getElementById("frame-label");

    function show(index) {
      const link = links[index];
      image.src = link.getAttribute("href");
      image.alt = image.dataset.alt.replace("{round}", link.dataset.label);
      label.textContent = link.dataset.label;
      slider.value = String(index);
      slider.setAttribute("aria-valuetext", link.dataset.label);
    }

    scrubber.hidden = false;
    slider.addEventListener("input", function () {
      show(Number(slider.value));
    });
    for (const button of scrubber.querySelectorAll("button[data-step]")) {
      button.addEventListener("click", function () {
        const next = Number(slider.value) + Number(button.dataset.step);
        show(Math.max(0, Math.min(links.length - 1, next)));
      });
    }
    for (const link of links) {
      link.addEventListener("click", function (event) {
        event.preventDefault();
        show(Number(link.dataset.index));
        image.scrollIntoView({ block: "nearest" });
      });
    }
  });
})();
