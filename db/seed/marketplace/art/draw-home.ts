import { circle, cylinder, el, ellipse, group, line, type Parts, path, polygon, rect, sheen } from './shapes'
import { paintOf } from './svg-kit'

// Drawers of household goods in a 600 × 600 box lit from the upper left, standing on the ground at y ≈ 465.

export function mug(parts: Parts): string {
  const { paint, variant } = parts
  const height = [200, 250, 225][variant % 3]!
  const top = 462 - height
  const cx = 270
  const handle = `M${cx + 80} ${top + 45} C${cx + 170} ${top + 35} ${cx + 170} ${top + height - 45} ${cx + 78} ${top + height - 55}`
  return group([
    path(handle, 'none', { stroke: paint.deep, strokeWidth: 30, strokeLinecap: 'round' }),
    path(handle, 'none', { stroke: paint.base, strokeWidth: 22, strokeLinecap: 'round' }),
    cylinder(parts, cx, top, 462, 95, 26),
    ellipse(cx, top + 3, 82, 19, '#5b3a29'),
    ellipse(cx - 12, top, 40, 6, '#8b5e3c', { opacity: 0.8 }),
    variant % 3 === 1 ? rect(cx - 95, top + 60, 190, 18, parts.accent.base, { opacity: 0.85 }) : '',
    sheen(cx - 72, top + 40, 14, height - 80),
  ])
}

export function plate(parts: Parts): string {
  const { paint, defs, accent, variant } = parts
  const count = (variant % 3) + 1
  const face = defs.radial([paint.highlight, paint.light, paint.base], 0.4, 0.35)
  const plates = Array.from({ length: count }, (_unused, index) => {
    const y = 390 - index * 16
    return group([
      ellipse(300, y + 10, 215, 72, paint.dark, { stroke: paint.deep, strokeWidth: 2 }),
      ellipse(300, y, 215, 72, face, { stroke: paint.deep, strokeWidth: 2 }),
    ])
  })
  const top = 390 - (count - 1) * 16
  return group([
    ...plates,
    ellipse(300, top + 4, 140, 44, paint.light, { stroke: paint.dark, strokeWidth: 2 }),
    ellipse(300, top, 192, 63, 'none', { stroke: accent.base, strokeWidth: 5, opacity: 0.8 }),
    path(`M160 ${top - 20} Q220 ${top - 55} 300 ${top - 58}`, 'none', { stroke: '#ffffff', strokeWidth: 8, opacity: 0.5, strokeLinecap: 'round' }),
  ])
}

export function teapot(parts: Parts): string {
  const { paint, defs } = parts
  const body = defs.radial([paint.highlight, paint.light, paint.base, paint.dark], 0.38, 0.35)
  return group([
    path('M410 300 C500 290 500 430 400 415', 'none', { stroke: paint.deep, strokeWidth: 28, strokeLinecap: 'round' }),
    path('M410 300 C500 290 500 430 400 415', 'none', { stroke: paint.dark, strokeWidth: 20, strokeLinecap: 'round' }),
    path('M200 370 C150 360 140 300 110 265 L128 252 C170 290 190 320 225 335 Z', paint.base, { stroke: paint.deep, strokeWidth: 2 }),
    ellipse(300, 455, 78, 14, paint.dark),
    ellipse(300, 365, 128, 100, body, { stroke: paint.deep, strokeWidth: 2 }),
    ellipse(300, 272, 74, 18, paint.light, { stroke: paint.deep, strokeWidth: 2 }),
    path('M240 272 Q300 222 360 272', paint.base, { stroke: paint.deep, strokeWidth: 2 }),
    circle(300, 236, 15, paint.dark, { stroke: paint.deep, strokeWidth: 2 }),
    ellipse(255, 330, 26, 44, '#ffffff', { opacity: 0.3 }),
  ])
}

export function basin(parts: Parts): string {
  const { paint, defs, metal, variant } = parts
  const slab = variant % 2 === 1
  return group([
    rect(292, 170, 26, 110, defs.cylinder(metal), { rx: 8 }),
    path('M305 182 Q305 160 330 160 L380 160', 'none', { stroke: metal.dark, strokeWidth: 18, strokeLinecap: 'round' }),
    slab ? rect(90, 370, 420, 36, parts.accent.light, { rx: 6, stroke: parts.accent.dark, strokeWidth: 2 }) : '',
    path('M110 300 C110 470 490 470 490 300 Z', defs.cylinder(paint), { stroke: paint.deep, strokeWidth: 2 }),
    ellipse(300, 300, 190, 52, paint.light, { stroke: paint.deep, strokeWidth: 2 }),
    ellipse(300, 306, 160, 38, defs.radial([paint.base, paint.light], 0.5, 0.7)),
    ellipse(300, 318, 12, 5, metal.dark),
  ])
}

export function glass(parts: Parts): string {
  const { paint, variant } = parts
  const top = variant % 2 === 0 ? 205 : 170
  return group([
    path(`M222 ${top + 110} L378 ${top + 110} L364 452 Q300 466 236 452 Z`, paint.base, { opacity: 0.7 }),
    path(`M212 ${top} L388 ${top} L366 454 Q300 470 234 454 Z`, '#ffffff', { opacity: 0.3, stroke: '#64748b', strokeWidth: 3 }),
    ellipse(300, top, 88, 16, 'none', { stroke: '#64748b', strokeWidth: 3 }),
    ellipse(300, top + 110, 78, 12, paint.light, { opacity: 0.8 }),
    rect(236, top + 26, 12, 240, '#ffffff', { rx: 6, opacity: 0.55 }),
    circle(320, top + 160, 6, '#ffffff', { opacity: 0.6 }),
    circle(290, top + 200, 4, '#ffffff', { opacity: 0.6 }),
  ])
}

export function pan(parts: Parts): string {
  const { paint, metal, defs } = parts
  return group([
    path('M405 330 L545 290', 'none', { stroke: paint.deep, strokeWidth: 30, strokeLinecap: 'round' }),
    path('M405 330 L545 290', 'none', { stroke: paint.dark, strokeWidth: 22, strokeLinecap: 'round' }),
    ellipse(255, 360, 175, 80, defs.cylinder(metal), { stroke: metal.deep, strokeWidth: 2 }),
    ellipse(255, 345, 175, 72, metal.light, { stroke: metal.deep, strokeWidth: 2 }),
    ellipse(255, 350, 150, 58, defs.radial([paint.light, paint.base, paint.deep], 0.4, 0.35)),
    path('M140 330 Q190 295 250 292', 'none', { stroke: '#ffffff', strokeWidth: 6, opacity: 0.4, strokeLinecap: 'round' }),
  ])
}

export function board(parts: Parts): string {
  const { paint, variant } = parts
  const width = variant % 2 === 0 ? 300 : 340
  const x = 300 - width / 2
  const grain = Array.from({ length: 7 }, (_unused, index) =>
    path(`M${x + 20} ${200 + index * 34} Q${300} ${190 + index * 34 + (index % 2 ? 12 : -12)} ${x + width - 20} ${204 + index * 34}`, 'none', {
      stroke: paint.dark,
      strokeWidth: 2,
      opacity: 0.5,
    }),
  )
  return group([
    rect(x + 10, 160, width, 300, paint.deep, { rx: 28 }),
    rect(x, 150, width, 300, paint.base, { rx: 28, stroke: paint.deep, strokeWidth: 2 }),
    ...grain,
    circle(300, 188, 16, paint.deep),
    sheen(x + 18, 180, 10, 240),
  ])
}

export function frame(parts: Parts): string {
  const { paint, defs, variant } = parts
  const [width, height] = variant % 2 === 0 ? [260, 320] : [240, 340]
  const x = 300 - width / 2
  const y = 465 - height
  return group([
    rect(x + 10, y + 10, width, height, '#000000', { opacity: 0.15, rx: 4 }),
    rect(x, y, width, height, defs.linear([paint.light, paint.base, paint.dark], 'diagonal'), { stroke: paint.deep, strokeWidth: 2, rx: 4 }),
    rect(x + 26, y + 26, width - 52, height - 52, '#f8fafc'),
    rect(x + 44, y + 44, width - 88, height - 88, defs.linear(['#bae6fd', '#e0f2fe'], 'down')),
    polygon(
      [
        [x + 44, y + height - 44],
        [x + 100, y + height - 150],
        [x + 150, y + height - 90],
        [x + 190, y + height - 130],
        [x + width - 44, y + height - 70],
        [x + width - 44, y + height - 44],
      ],
      '#16a34a',
    ),
    circle(x + width - 80, y + 90, 18, '#fbbf24'),
  ])
}

export function chair(parts: Parts): string {
  const { paint, metal, defs } = parts
  const mesh = defs.pattern(10, `${line(0, 0, 10, 10, paint.deep, 1.5)}${line(10, 0, 0, 10, paint.deep, 1.5)}`)
  const legs = [-120, -60, 0, 60, 120].map((dx) => line(300, 415, 300 + dx, 440 + Math.abs(dx) / 8, metal.dark, 12))
  const wheels = [-120, -60, 0, 60, 120].map((dx) => circle(300 + dx, 452 + Math.abs(dx) / 8, 11, '#1f2937'))
  return group([
    ...legs,
    ...wheels,
    rect(290, 330, 20, 90, defs.cylinder(metal)),
    rect(215, 110, 170, 200, paint.base, { rx: 50, stroke: paint.deep, strokeWidth: 3 }),
    rect(215, 110, 170, 200, mesh, { rx: 50, opacity: 0.35 }),
    path('M200 250 L200 300 M400 250 L400 300', 'none', { stroke: '#1f2937', strokeWidth: 12, strokeLinecap: 'round' }),
    rect(190, 292, 220, 52, defs.linear([paint.light, paint.dark], 'down'), { rx: 24, stroke: paint.deep, strokeWidth: 3 }),
    sheen(232, 130, 12, 150),
  ])
}

export function patioSet(parts: Parts): string {
  const { paint, defs } = parts
  const seat = (x: number, flip: number) =>
    group([
      path(`M${x} 250 L${x} 380 M${x + 70 * flip} 330 L${x + 70 * flip} 450 M${x} 380 L${x} 450`, 'none', {
        stroke: paint.deep,
        strokeWidth: 10,
        strokeLinecap: 'round',
      }),
      rect(Math.min(x, x + 70 * flip), 320, 70, 22, paint.base, { rx: 6, stroke: paint.deep, strokeWidth: 2 }),
      rect(x - 6, 240, 12, 100, paint.dark, { rx: 5 }),
    ])
  return group([
    seat(150, 1),
    seat(450, -1),
    line(300, 300, 300, 450, paint.deep, 14),
    line(260, 455, 340, 455, paint.deep, 10),
    ellipse(300, 300, 130, 36, paint.dark, { stroke: paint.deep, strokeWidth: 2 }),
    ellipse(300, 292, 130, 36, defs.radial([paint.highlight, paint.light], 0.4, 0.4), { stroke: paint.deep, strokeWidth: 2 }),
    ellipse(300, 280, 16, 6, '#ffffff', { opacity: 0.5 }),
  ])
}

export function bed(parts: Parts): string {
  const { paint, accent, defs } = parts
  return group([
    rect(120, 170, 360, 170, defs.linear([paint.light, paint.base], 'down'), { rx: 24, stroke: paint.deep, strokeWidth: 3 }),
    rect(120, 400, 360, 40, paint.base, { stroke: paint.deep, strokeWidth: 2 }),
    rect(130, 440, 16, 25, paint.deep),
    rect(454, 440, 16, 25, paint.deep),
    rect(130, 300, 340, 105, '#f8fafc', { rx: 14, stroke: '#cbd5e1', strokeWidth: 2 }),
    ellipse(220, 300, 70, 26, '#ffffff', { stroke: '#cbd5e1', strokeWidth: 2 }),
    ellipse(380, 300, 70, 26, '#ffffff', { stroke: '#cbd5e1', strokeWidth: 2 }),
    rect(130, 350, 340, 55, accent.base, { rx: 10 }),
    rect(130, 350, 340, 10, accent.light, { rx: 5 }),
  ])
}

export function fabricRoll(parts: Parts): string {
  const { paint, defs, variant } = parts
  const weave = defs.pattern(
    14,
    variant % 2 === 0
      ? line(0, 14, 14, 0, paint.dark, 2)
      : `${rect(0, 0, 7, 7, paint.dark, { opacity: 0.35 })}${rect(7, 7, 7, 7, paint.dark, { opacity: 0.35 })}`,
  )
  return group([
    path('M160 190 L440 190 L440 430 Q410 450 380 432 Q350 414 320 432 Q290 450 260 432 Q230 414 200 432 Q180 444 160 432 Z', paint.base, {
      stroke: paint.deep,
      strokeWidth: 2,
    }),
    path('M160 190 L440 190 L440 430 Q410 450 380 432 Q350 414 320 432 Q290 450 260 432 Q230 414 200 432 Q180 444 160 432 Z', weave, { opacity: 0.6 }),
    rect(130, 130, 340, 90, defs.linear([paint.light, paint.highlight, paint.base, paint.dark], 'down'), { rx: 45, stroke: paint.deep, strokeWidth: 2 }),
    ellipse(470, 175, 22, 45, paint.dark, { stroke: paint.deep, strokeWidth: 2 }),
    ellipse(470, 175, 9, 18, '#78716c'),
  ])
}

export function foldedStack(parts: Parts): string {
  const { paint, accent, variant } = parts
  const layers = 3 + (variant % 2)
  return group(
    Array.from({ length: layers }, (_unused, index) => {
      const y = 430 - index * 58
      const colour = index % 2 === 0 ? paint : paintOf(accent.light)
      return group([
        rect(150, y - 50, 300, 62, colour.base, { rx: 22, stroke: colour.deep, strokeWidth: 2 }),
        rect(150, y - 50, 300, 16, colour.light, { rx: 8 }),
        line(400, y - 42, 400, y + 6, colour.dark, 3),
        line(412, y - 42, 412, y + 6, colour.dark, 3),
      ])
    }),
  )
}

type Garment = 'tee' | 'hoodie' | 'jacket' | 'vest'

export function garment(kind: Garment) {
  return (parts: Parts): string => {
    const { paint, defs, accent, metal } = parts
    const fill = defs.linear([paint.light, paint.base, paint.dark], 'diagonal')
    const outline = { stroke: paint.deep, strokeWidth: 3, strokeLinejoin: 'round' }
    const shape =
      kind === 'tee'
        ? 'M240 130 Q300 165 360 130 L455 175 L425 255 L385 238 L385 462 L215 462 L215 238 L175 255 L145 175 Z'
        : kind === 'vest'
          ? 'M235 130 Q300 190 365 130 L395 150 Q380 220 400 250 L400 462 L200 462 L200 250 Q220 220 205 150 Z'
          : 'M240 130 Q300 165 360 130 L440 165 Q480 300 470 440 L420 445 L400 260 L395 462 L205 462 L200 260 L180 445 L130 440 Q120 300 160 165 Z'
    const details: string[] = []
    if (kind === 'hoodie') {
      details.push(
        path('M235 132 Q300 60 365 132 Q300 190 235 132 Z', paint.dark, outline),
        path('M240 360 L360 360 L375 430 L225 430 Z', paint.dark, { opacity: 0.5 }),
        line(285, 170, 282, 240, '#f8fafc', 4),
        line(315, 170, 318, 240, '#f8fafc', 4),
      )
    }
    if (kind === 'jacket')
      details.push(
        line(300, 160, 300, 462, metal.dark, 5),
        rect(225, 300, 55, 45, paint.dark, { rx: 6, opacity: 0.6 }),
        rect(320, 300, 55, 45, paint.dark, { rx: 6, opacity: 0.6 }),
        rect(205, 400, 190, 16, metal.light, { opacity: 0.9 }),
      )
    if (kind === 'vest')
      details.push(
        rect(200, 330, 200, 26, metal.highlight, { stroke: metal.base, strokeWidth: 2 }),
        rect(200, 390, 200, 26, metal.highlight, { stroke: metal.base, strokeWidth: 2 }),
        line(300, 175, 300, 462, paint.deep, 3),
      )
    if (kind === 'tee') details.push(path('M240 130 Q300 172 360 130', 'none', { stroke: accent.base, strokeWidth: 10 }))
    return group([
      path(shape, fill, outline),
      ...details,
      path('M235 200 Q240 320 230 440', 'none', { stroke: '#ffffff', strokeWidth: 10, opacity: 0.2, strokeLinecap: 'round' }),
    ])
  }
}

export function tote(parts: Parts): string {
  const { paint, defs, accent } = parts
  return group([
    path('M235 240 C235 120 365 120 365 240', 'none', { stroke: paint.deep, strokeWidth: 16 }),
    path('M210 240 C210 95 390 95 390 240', 'none', { stroke: paint.dark, strokeWidth: 14 }),
    path('M170 230 L430 230 L455 462 L145 462 Z', defs.linear([paint.light, paint.base, paint.dark], 'across'), {
      stroke: paint.deep,
      strokeWidth: 3,
      strokeLinejoin: 'round',
    }),
    path('M180 250 L420 250', 'none', { stroke: paint.deep, strokeWidth: 2, strokeDasharray: '8 6' }),
    rect(250, 300, 100, 110, accent.base, { rx: 8, opacity: 0.85 }),
    circle(300, 355, 24, accent.highlight, { opacity: 0.9 }),
  ])
}

export function suitcase(parts: Parts): string {
  const { paint, defs, metal, variant } = parts
  const height = variant % 2 === 0 ? 270 : 300
  const top = 440 - height
  const ribs = [245, 275, 325, 355].map((x) => line(x, top + 20, x, 430, paint.dark, 6, { opacity: 0.7 }))
  return group([
    rect(262, top - 90, 10, 100, metal.dark),
    rect(328, top - 90, 10, 100, metal.dark),
    rect(250, top - 100, 100, 20, '#1f2937', { rx: 10 }),
    circle(225, 450, 15, '#111827'),
    circle(375, 450, 15, '#111827'),
    rect(195, top, 210, height, defs.cylinder(paint), { rx: 28, stroke: paint.deep, strokeWidth: 3 }),
    ...ribs,
    rect(195, top + height / 2 - 4, 210, 8, paint.deep, { opacity: 0.5 }),
  ])
}

export function boot(parts: Parts): string {
  const { paint, defs, accent } = parts
  const laces = [180, 215, 250, 285].map((y) => line(265, y, 325, y + 12, '#f5f5f4', 5))
  return group([
    path(
      'M215 140 L345 140 L350 320 Q440 325 475 380 Q490 420 470 440 L190 440 Q175 420 195 380 Z',
      defs.linear([paint.light, paint.base, paint.dark], 'diagonal'),
      { stroke: paint.deep, strokeWidth: 3, strokeLinejoin: 'round' },
    ),
    path('M385 330 Q450 340 472 385 Q480 420 468 438 L400 438 Z', accent.base, { opacity: 0.85 }),
    rect(180, 438, 305, 26, '#1f2937', { rx: 8 }),
    path('M185 450 L480 450', 'none', { stroke: '#f59e0b', strokeWidth: 4 }),
    ...laces,
    rect(330, 120, 18, 40, paint.dark, { rx: 6 }),
  ])
}

/** A stack of flat cloths or towels seen from the front, with the stripes of their hems. */
export const towels = foldedStack

export const sheets = (parts: Parts) =>
  group([foldedStack(parts), el('rect', { x: 330, y: 180, width: 110, height: 60, rx: 20, fill: '#ffffff', stroke: '#cbd5e1', strokeWidth: 2 })])

export function bowl(parts: Parts): string {
  const { paint, defs, accent, variant } = parts
  const width = variant % 2 === 0 ? 150 : 175
  return group([
    ellipse(300, 455, 60, 12, paint.dark),
    path(`M${300 - width} 300 C${300 - width} 470 ${300 + width} 470 ${300 + width} 300 Z`, defs.cylinder(paint), { stroke: paint.deep, strokeWidth: 2 }),
    path(`M${300 - width + 12} 350 Q300 ${380} ${300 + width - 12} 350`, 'none', { stroke: accent.base, strokeWidth: 8, opacity: 0.8 }),
    ellipse(300, 300, width, 42, paint.light, { stroke: paint.deep, strokeWidth: 2 }),
    ellipse(300, 306, width - 18, 30, defs.radial([paint.base, paint.light], 0.5, 0.8)),
    ellipse(250, 330, 10, 30, '#ffffff', { opacity: 0.35 }),
  ])
}

export function vase(parts: Parts): string {
  const { paint, defs, accent } = parts
  const outline = 'M265 110 L335 110 L330 150 Q420 220 405 330 Q395 420 345 462 L255 462 Q205 420 195 330 Q180 220 270 150 Z'
  const motif = [0, 1, 2].map((index) =>
    path(`M${225 + index * 50} 300 Q${250 + index * 50} 260 ${275 + index * 50} 300 Q${250 + index * 50} 340 ${225 + index * 50} 300 Z`, accent.base, {
      opacity: 0.85,
    }),
  )
  return group([
    path(outline, defs.cylinder(paint), { stroke: paint.deep, strokeWidth: 3 }),
    ellipse(300, 110, 36, 9, paint.dark, { stroke: paint.deep, strokeWidth: 2 }),
    path('M212 240 Q300 215 388 240', 'none', { stroke: accent.base, strokeWidth: 6 }),
    path('M205 380 Q300 405 395 380', 'none', { stroke: accent.base, strokeWidth: 6 }),
    ...motif,
    ellipse(240, 300, 10, 60, '#ffffff', { opacity: 0.35 }),
  ])
}
