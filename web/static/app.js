// comite: the one script of the application (the Content-Security-Policy
// allows no inline script). It draws every chart whose option the server put
// in the page as JSON, and asks for confirmation on forms that say so.
(function () {
  'use strict';

  var graficos = [];

  // Numbers as people in Colombia read them: 1.234.567,5 (the server sends
  // plain numbers; no JS function travels in the JSON).
  var numeros = (window.Intl && Intl.NumberFormat) ? new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 }) : null;
  function formatear(v) {
    if (typeof v !== 'number' || !numeros) { return v; }
    return numeros.format(v);
  }

  function comoLista(x) { return x ? (Array.isArray(x) ? x : [x]) : []; }

  // Readable on a projector, es-CO numbers on value axes, labels and tooltips.
  function ajustar(opcion) {
    opcion.textStyle = opcion.textStyle || { fontSize: 14, fontFamily: 'system-ui, "Segoe UI", Roboto, Arial, sans-serif' };
    comoLista(opcion.yAxis).concat(comoLista(opcion.xAxis)).forEach(function (eje) {
      if (eje.type === 'value') {
        eje.axisLabel = eje.axisLabel || {};
        if (!eje.axisLabel.formatter) { eje.axisLabel.formatter = formatear; }
        eje.axisLabel.fontSize = eje.axisLabel.fontSize || 13;
        // The axis name starts at the axis, inward, so it is never cut at the edge.
        if (eje.name) {
          eje.nameTextStyle = eje.nameTextStyle || {};
          if (!eje.nameTextStyle.align) { eje.nameTextStyle.align = eje.position === 'right' ? 'right' : 'left'; }
        }
      } else {
        eje.axisLabel = eje.axisLabel || {};
        eje.axisLabel.fontSize = eje.axisLabel.fontSize || 14;
      }
    });
    comoLista(opcion.series).forEach(function (s) {
      if (s.label && s.label.show && !s.label.formatter) {
        s.label.formatter = function (p) { return formatear(typeof p.value === 'object' ? p.value.value : p.value); };
        s.label.fontSize = s.label.fontSize || 14;
      }
    });
    opcion.tooltip = opcion.tooltip || {};
    if (!opcion.tooltip.valueFormatter) { opcion.tooltip.valueFormatter = formatear; }
    if (opcion.legend) { opcion.legend.textStyle = opcion.legend.textStyle || { fontSize: 14 }; }
    return opcion;
  }

  function dibujar() {
    if (typeof echarts === 'undefined') { return; }
    var imprimiendo = window.matchMedia && window.matchMedia('print').matches;
    // Whoever asked the system for less motion gets the charts drawn at once.
    var sinMovimiento = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    var nodos = document.querySelectorAll('[data-grafico]');
    for (var i = 0; i < nodos.length; i++) {
      var el = nodos[i];
      var datos = document.getElementById(el.getAttribute('data-grafico'));
      if (!datos) { continue; }
      var opcion;
      try {
        opcion = JSON.parse(datos.textContent);
      } catch (e) {
        el.textContent = 'No se pudo leer el gráfico.';
        continue;
      }
      ajustar(opcion);
      if (imprimiendo || sinMovimiento) { opcion.animation = false; }
      var g = echarts.init(el, null, { renderer: 'canvas' });
      g.setOption(opcion);
      el.setAttribute('data-dibujado', 'si');
      graficos.push(g);
    }
  }

  function redimensionar() {
    for (var i = 0; i < graficos.length; i++) { graficos[i].resize(); }
  }

  // Printing: no animation (the page is captured at once) and the size of the paper.
  function antesDeImprimir() {
    for (var i = 0; i < graficos.length; i++) {
      graficos[i].setOption({ animation: false });
      graficos[i].resize();
    }
  }

  function confirmar(ev) {
    var msg = ev.target.getAttribute('data-confirmar');
    if (msg && !window.confirm(msg)) { ev.preventDefault(); }
  }

  // A form that came back with errors: the first field with an error takes
  // the focus (a screen reader reads its label and its message, tied by
  // aria-describedby); the summary above the form lists every error, each
  // link saying which field it names (the text of its label). A form whose
  // error belongs to no field gives the focus to the summary.
  function resumirErrores() {
    var r = document.querySelector('[data-resumen-errores]');
    if (!r) { return; }
    var enlaces = r.querySelectorAll('a[data-campo]');
    for (var i = 0; i < enlaces.length; i++) {
      var id = (enlaces[i].getAttribute('href') || '').slice(1);
      var campo = id && document.getElementById(id);
      var etiqueta = campo && (document.querySelector('label[for="' + id + '"]') || (campo.querySelector && campo.querySelector('legend')));
      if (etiqueta) { enlaces[i].textContent = etiqueta.textContent.trim() + ': ' + enlaces[i].textContent; }
    }
    var campo = document.querySelector('main [aria-invalid="true"], main .con-error');
    if (campo && !campo.matches('input, select, textarea')) { campo = campo.querySelector('input, select, textarea'); }
    if (campo) {
      campo.focus();
      if (document.activeElement === campo) { return; }
    }
    r.focus();
  }

  // A table wider than its container scrolls inside it: a line above it says
  // so, and the container takes the keyboard focus so the arrows scroll it.
  // Checked again when the window changes size.
  function senalarDesplazamiento() {
    var cs = document.querySelectorAll('.tabla-contenedor');
    for (var i = 0; i < cs.length; i++) {
      var c = cs[i];
      var aviso = c.previousElementSibling;
      if (!aviso || !aviso.classList.contains('aviso-desplazar')) {
        aviso = document.createElement('p');
        aviso.className = 'aviso-desplazar';
        aviso.setAttribute('data-testid', 'aviso-desplazar');
        aviso.textContent = 'Desplace la tabla hacia la derecha para ver más columnas →';
        c.parentNode.insertBefore(aviso, c);
      }
      var desborda = c.scrollWidth > c.clientWidth + 1;
      aviso.hidden = !desborda;
      c.classList.toggle('desplazable', desborda);
      if (desborda) {
        c.setAttribute('tabindex', '0');
        var t = c.querySelector('caption');
        if (t && !c.hasAttribute('aria-label')) { c.setAttribute('role', 'region'); c.setAttribute('aria-label', t.textContent.trim()); }
      } else if (c.getAttribute('tabindex') === '0') {
        c.removeAttribute('tabindex');
      }
    }
  }

  // A panel still being computed (the cartera of Inicio) asks for the page
  // again after the seconds it says, instead of asking the person to reload.
  function recargarCuandoEsteListo() {
    var el = document.querySelector('[data-recargar-en]');
    if (!el) { return; }
    var s = parseInt(el.getAttribute('data-recargar-en'), 10);
    if (s > 0) { window.setTimeout(function () { window.location.reload(); }, s * 1000); }
  }

  // «Imprimir» buttons: shown only when this script runs, they open the
  // browser's print dialog (the print stylesheet drops the header and menu).
  function botonesImprimir() {
    var bs = document.querySelectorAll('[data-imprimir]');
    for (var i = 0; i < bs.length; i++) {
      bs[i].hidden = false;
      bs[i].addEventListener('click', function () { window.print(); });
    }
  }

  // Date fields are text DD/MM/AAAA everywhere (the browser's own picker
  // would show its language's order). Each gets a «Calendario» button that
  // opens the browser's calendar and writes the chosen day back as DD/MM/AAAA;
  // typing stays the first way, and without this script nothing changes.
  function botonesCalendario() {
    var campos = document.querySelectorAll('input[data-fecha]');
    for (var i = 0; i < campos.length; i++) {
      (function (campo) {
        var selector = document.createElement('input');
        selector.type = 'date';
        selector.tabIndex = -1;
        selector.className = 'selector-fecha';
        selector.setAttribute('aria-hidden', 'true');
        var boton = document.createElement('button');
        boton.type = 'button';
        boton.className = 'secundario boton-calendario';
        boton.textContent = 'Calendario';
        var etiqueta = campo.labels && campo.labels[0] ? campo.labels[0].textContent.trim() : 'la fecha';
        boton.setAttribute('aria-label', 'Elegir en un calendario: ' + etiqueta);
        boton.setAttribute('data-testid', 'calendario-' + campo.name);
        boton.addEventListener('click', function () {
          var m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(campo.value.trim());
          selector.value = m ? m[3] + '-' + ('0' + m[2]).slice(-2) + '-' + ('0' + m[1]).slice(-2) : '';
          if (selector.showPicker) {
            try { selector.showPicker(); return; } catch (e) { /* not allowed here: fall through */ }
          }
          selector.focus();
        });
        selector.addEventListener('change', function () {
          var m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(selector.value);
          if (!m) { return; }
          campo.value = m[3] + '/' + m[2] + '/' + m[1];
          campo.dispatchEvent(new Event('input', { bubbles: true }));
          campo.dispatchEvent(new Event('change', { bubbles: true }));
          campo.focus();
        });
        var envoltura = document.createElement('span');
        envoltura.className = 'con-calendario';
        campo.parentNode.insertBefore(envoltura, campo);
        envoltura.appendChild(campo);
        envoltura.appendChild(boton);
        envoltura.appendChild(selector);
      })(campos[i]);
    }
  }

  document.addEventListener('DOMContentLoaded', function () {
    botonesImprimir();
    botonesCalendario();
    dibujar();
    senalarDesplazamiento();
    resumirErrores();
    recargarCuandoEsteListo();
    var formularios = document.querySelectorAll('form[data-confirmar]');
    for (var i = 0; i < formularios.length; i++) {
      formularios[i].addEventListener('submit', confirmar);
    }
  });
  window.addEventListener('resize', redimensionar);
  window.addEventListener('resize', senalarDesplazamiento);
  window.addEventListener('beforeprint', antesDeImprimir);
  window.addEventListener('afterprint', redimensionar);
  if (window.matchMedia) {
    var mq = window.matchMedia('print');
    if (mq.addEventListener) { mq.addEventListener('change', function (e) { if (e.matches) { antesDeImprimir(); } }); }
  }
})();
