import { createRef, isValidElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { Button } from './button'
import { SpriteIcon } from './sprite-icon'
import { Slot } from './slot'

type AnchorProps = { className?: string; onClick?: (event: string) => void; ref?: unknown; style?: object; href?: string; title?: string }

function slotted(element: ReactElement | null): AnchorProps {
  if (!isValidElement<AnchorProps>(element)) throw new Error('Slot rendered nothing')
  return element.props
}

describe('Slot', () => {
  it('renders its child with the classes joined and merged, the child winning other props', () => {
    const props = slotted(Slot({ className: 'px-4 py-2', title: 'slot', children: <a href="/x" className="px-2" title="child" /> }))
    expect(props.className).toBe('py-2 px-2')
    expect(props.title).toBe('child')
    expect(props.href).toBe('/x')
  })

  it("runs the child's handler, then the slot's", () => {
    const calls: string[] = []
    const props = slotted(Slot({ onClick: (event: string) => calls.push(`slot ${event}`), children: <a onClick={() => calls.push('child')} /> }))
    props.onClick?.('click')
    expect(calls).toEqual(['child', 'slot click'])
  })

  it('sets both refs and merges styles', () => {
    const slotRef = createRef<unknown>()
    const childRef = vi.fn()
    const props = slotted(Slot({ ref: slotRef, style: { color: 'red', margin: 0 }, children: <a ref={childRef} style={{ color: 'blue' }} /> }))
    expect(props.style).toEqual({ color: 'blue', margin: 0 })
    ;(props.ref as (node: unknown) => void)('node')
    expect(slotRef.current).toBe('node')
    expect(childRef).toHaveBeenCalledWith('node')
  })

  it('styles a link as a button through asChild', () => {
    const html = renderToStaticMarkup(
      <Button asChild variant="secondary" size="sm" className="w-full">
        <a href="/en/login">Sign in</a>
      </Button>,
    )
    expect(html).toBe('<a href="/en/login" class="btn btn-secondary btn-sm w-full">Sign in</a>')
  })
})

describe('SpriteIcon', () => {
  it('refers into the sprite, naming one class and a stroke width only where it is not the default', () => {
    const html = renderToStaticMarkup(<SpriteIcon name="package" className="size-6" strokeWidth={1.25} />)
    expect(html).toMatch(/^<svg class="icon size-6" style="stroke-width:1.25" aria-hidden="true"><use href="[^"]*#package"><\/use><\/svg>$/)
    expect(renderToStaticMarkup(<SpriteIcon name="package" />)).toMatch(/^<svg class="icon" aria-hidden="true"><use href="[^"]*#package"><\/use><\/svg>$/)
  })
})
