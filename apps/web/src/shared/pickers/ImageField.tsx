import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Image, Space, Typography } from 'antd';
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
  /** Accessible name of the choose button (the field's label). */
  label?: string;
  allowClear?: boolean;
}

/**
 * An image form field: a preview and a button that opens the material library (choose or upload there).
 * Works as an antd Form.Item child (value/onChange); never shows the stored path as text.
 */
export function ImageField({ value, onChange, size = 96, label, allowClear = true }: ImageFieldProps) {
  const tx = usePickerTexts();
  const [open, setOpen] = useState(false);
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
        <div
          style={{
            width: size,
            height: size,
            border: '1px dashed #d9d9d9',
            borderRadius: 4,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: '#bbb',
          }}
        >
          <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
            {tx.noImage}
          </Typography.Text>
        </div>
      )}
      <Space orientation="vertical" size={4}>
        <Button icon={<PictureOutlined />} onClick={() => setOpen(true)} aria-label={label ?? tx.chooseImage}>
          {value ? tx.changeImage : tx.chooseImage}
        </Button>
        {allowClear && value ? (
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
