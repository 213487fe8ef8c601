import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Image, Space } from 'antd';
import { useState } from 'react';
import { fileHref } from './api';
import { MaterialPicker } from './MaterialPicker';
import { usePickerTexts } from './texts';

interface ImageFieldProps {
  /** The stored image's address; empty for none. */
  value?: string;
  onChange?: (url: string) => void;
  /** Preview size, px. */
  size?: number;
  /** The field's label: the choose button is named by what it shows and this (选择图片：头像). */
  label?: string;
  allowClear?: boolean;
  /** Neither chosen nor removed (the preview stays), as a disabled input. */
  disabled?: boolean;
}

/**
 * An image form field: a preview and a button that opens the material library (choose or upload there).
 * Works as an antd Form.Item child (value/onChange); never shows the stored path as text.
 */
export function ImageField({
  value,
  onChange,
  size = 96,
  label,
  allowClear = true,
  disabled = false,
}: ImageFieldProps) {
  const tx = usePickerTexts();
  const [open, setOpen] = useState(false);
  const action = value ? tx.changeImage : tx.chooseImage;
  // A screen reader says what the button shows and which field it fills; the label alone (头像) was not what a
  // sighted user sees on it (选择图片), so voice control by its words did not find it.
  const buttonName = label ? tx.imageButtonName.replace('{action}', action).replace('{label}', label) : action;
  return (
    <Space align="center" wrap data-testid="image-field">
      {value ? (
        <Image
          src={fileHref(value)}
          width={size}
          height={size}
          style={{ objectFit: 'cover', borderRadius: 4, border: '1px solid #f0f0f0' }}
          alt={label ?? ''}
        />
      ) : (
        // Named as a picture (its words are its name): the words wrap under a small icon inside the box, at every
        // size (96 px, 72 px); English 未选择图片 ("No image chosen") ran out of the box on one line.
        <div
          role="img"
          aria-label={tx.noImage}
          data-testid="image-field-empty"
          style={{
            width: size,
            height: size,
            boxSizing: 'border-box',
            padding: 4,
            border: '1px dashed #d9d9d9',
            borderRadius: 4,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 2,
            overflow: 'hidden',
            color: 'rgba(0, 0, 0, 0.45)',
            fontSize: 12,
            lineHeight: '16px',
            textAlign: 'center',
            whiteSpace: 'normal',
            overflowWrap: 'anywhere',
          }}
        >
          <PictureOutlined style={{ fontSize: 20, color: '#bfbfbf' }} />
          <span style={{ maxWidth: '100%' }}>{tx.noImage}</span>
        </div>
      )}
      <Space orientation="vertical" size={4}>
        <Button icon={<PictureOutlined />} onClick={() => setOpen(true)} aria-label={buttonName} disabled={disabled}>
          {action}
        </Button>
        {allowClear && value && !disabled ? (
          <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
            {tx.removeImage}
          </Button>
        ) : null}
      </Space>
      <MaterialPicker
        open={open}
        fileType={2}
        max={1}
        onCancel={() => setOpen(false)}
        onOk={(files) => {
          setOpen(false);
          if (files[0]) onChange?.(files[0].url);
        }}
      />
    </Space>
  );
}
